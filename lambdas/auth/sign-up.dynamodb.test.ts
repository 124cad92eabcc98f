import { randomInt } from 'node:crypto';
import { TEAM_CODE_ALPHABET, TEAM_CODE_LENGTH, TEAM_MESSAGES } from '@core/teams';
import { AUTH_ERRORS } from '@core/auth/validation';
import { dynamoInviteStore } from '../lib/stores/invite-store';
import { dynamoUserStore } from '../lib/stores/user-store';
import { seedRecords, teamRecord } from '../lib/stores/test-support/records';
import { loginUser } from './login';
import { signUpUser } from './sign-up';
import { fakeWorld } from './test-support';

/** A team code no other test holds: codes are global and sign-up checks their form (core/teams). */
const freshTeamCode = () => Array.from({ length: TEAM_CODE_LENGTH }, () => TEAM_CODE_ALPHABET[randomInt(TEAM_CODE_ALPHABET.length)]).join('');

const form = (email: string) => ({
  data: { fullName: 'New Person', email },
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
});

describe('signUpUser', () => {
  it('creates a GAMER by default, in the GAMER group, and signs it in', async () => {
    const { deps, pool, email } = fakeWorld();
    const result = await signUpUser(form(email('new')), deps);
    expect(result).toMatchObject({ groups: ['GAMER'], user: { email: email('new'), role: 'GAMER', fullName: 'New Person', enabled: true } });
    expect(pool.get(result.id)?.groups).toEqual(['GAMER']);
    await expect(loginUser({ email: email('new'), password: 'Str0ng!pass' }, deps)).resolves.toMatchObject({ id: result.id });
  });

  it('answers the spec text for an e-mail that has an account', async () => {
    const { deps, addAccount, email } = fakeWorld();
    await addAccount(email('taken'), 'Passw0rd!');
    await expect(signUpUser(form(email('taken').toUpperCase()), deps)).rejects.toMatchObject({
      name: 'Conflict',
      message: 'User with that email already exists. Please login.',
    });
  });

  it('leaves no Cognito user behind when the profile cannot be written', async () => {
    const { deps, pool, failures, email } = fakeWorld();
    failures.accountsCreate = new Error('DynamoDB unavailable');
    await expect(signUpUser(form(email('new')), deps)).rejects.toThrow('DynamoDB unavailable');
    expect(pool.size).toBe(0);
    expect(await dynamoUserStore.findByEmail(email('new'))).toBeNull();
  });

  it('checks the password rules and the confirmation with readable messages', async () => {
    const { deps, email } = fakeWorld();
    await expect(signUpUser({ ...form(email('new')), password: 'short', confirmPassword: 'short' }, deps)).rejects.toThrow(
      'Password must be at least 8 characters.',
    );
    await expect(signUpUser({ ...form(email('new')), password: 'longenough1!', confirmPassword: 'longenough1!' }, deps)).rejects.toThrow(
      'Password must contain an uppercase letter.',
    );
    await expect(signUpUser({ ...form(email('new')), confirmPassword: 'Other0ne!' }, deps)).rejects.toThrow("Passwords don't match");
  });

  it('lets people pick GAMER or SELF, COACH only with the code of a coach invite mailed to the e-mail, never DIRECTOR or an admin role', async () => {
    const { deps, id, email } = fakeWorld();
    await expect(signUpUser({ ...form(email('self')), role: 'SELF' }, deps)).resolves.toMatchObject({ groups: ['SELF'] });
    for (const role of ['ADMIN', 'SUPERADMIN', 'DIRECTOR', 'COACH']) {
      await expect(signUpUser({ ...form(email(role)), role }, deps)).rejects.toThrow(AUTH_ERRORS.roleNotAllowed);
    }
    const at = '2026-11-01T00:00:00Z';
    const code = freshTeamCode();
    await seedRecords({ teams: [teamRecord(id('t1'), id('d'))] });
    await dynamoInviteStore.create(
      {
        id: id('i1'),
        teamId: id('t1'),
        inviteeEmail: email('coach2'),
        inviteeName: 'Coach',
        inviterUserId: id('d'),
        role: 'COACH',
        status: 'PENDING',
        createdAt: at,
        updatedAt: at,
      },
      { id: id('c1'), code, teamId: id('t1'), inviteId: id('i1'), email: email('coach2'), used: false, accepted: false, userId: null, createdAt: at },
    );
    // A pending invite to the typed e-mail is no proof: anyone can type it.
    await expect(signUpUser({ ...form(email('coach2')), role: 'COACH' }, deps)).rejects.toThrow(AUTH_ERRORS.roleNotAllowed);
    await expect(signUpUser({ ...form(email('other')), role: 'COACH', inviteCode: code }, deps)).rejects.toThrow(TEAM_MESSAGES.codeForAnotherEmail);
    const unknownCode = freshTeamCode();
    await expect(signUpUser({ ...form(email('coach2')), role: 'COACH', inviteCode: unknownCode }, deps)).rejects.toThrow(TEAM_MESSAGES.codeNotFound);
    const refused = ['ADMIN', 'SUPERADMIN', 'DIRECTOR', 'COACH', 'coach2', 'other'].map(email);
    expect(await Promise.all(refused.map((address) => dynamoUserStore.findByEmail(address)))).toEqual(refused.map(() => null));
    expect(await dynamoUserStore.findByEmail(email('self'))).toMatchObject({ role: 'SELF' });
    const coach = await signUpUser({ ...form(email('coach2').toUpperCase()), role: 'COACH', inviteCode: code.toLowerCase() }, deps);
    expect(coach).toMatchObject({ groups: ['COACH'], user: { emailVerified: true } });
  });

  it('makes accounts with an unproven e-mail unless a mailed invite code comes with the sign-up', async () => {
    const { deps, email } = fakeWorld();
    await expect(signUpUser(form(email('plain')), deps)).resolves.toMatchObject({ user: { emailVerified: false } });
  });
});
