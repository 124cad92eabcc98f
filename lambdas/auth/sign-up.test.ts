import { TEAM_MESSAGES } from '@core/teams';
import { AUTH_ERRORS } from '@core/auth/validation';
import { loginUser } from './login';
import { signUpUser } from './sign-up';
import { fakeWorld } from './test-support';

const form = (email = 'new@fitgauge.test') => ({
  data: { fullName: 'New Person', email },
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
});

describe('signUpUser', () => {
  it('creates a GAMER by default, in the GAMER group, and signs it in', async () => {
    const { deps, pool } = fakeWorld();
    const result = await signUpUser(form(), deps);
    expect(result).toMatchObject({ groups: ['GAMER'], user: { email: 'new@fitgauge.test', role: 'GAMER', fullName: 'New Person', enabled: true } });
    expect(pool.get(result.id)?.groups).toEqual(['GAMER']);
    await expect(loginUser({ email: 'new@fitgauge.test', password: 'Str0ng!pass' }, deps)).resolves.toMatchObject({ id: result.id });
  });

  it('answers the spec text for an e-mail that has an account', async () => {
    const { deps, addAccount } = fakeWorld();
    await addAccount('taken@fitgauge.test', 'Passw0rd!');
    await expect(signUpUser(form('Taken@fitgauge.test'), deps)).rejects.toMatchObject({
      name: 'Conflict',
      message: 'User with that email already exists. Please login.',
    });
  });

  it('leaves no Cognito user behind when the profile cannot be written', async () => {
    const { deps, pool, users, failures } = fakeWorld();
    failures.accountsCreate = new Error('DynamoDB unavailable');
    await expect(signUpUser(form(), deps)).rejects.toThrow('DynamoDB unavailable');
    expect(pool.size).toBe(0);
    expect(users.size).toBe(0);
  });

  it('checks the password rules and the confirmation with readable messages', async () => {
    const { deps } = fakeWorld();
    await expect(signUpUser({ ...form(), password: 'short', confirmPassword: 'short' }, deps)).rejects.toThrow(
      'Password must be at least 8 characters.',
    );
    await expect(signUpUser({ ...form(), password: 'longenough1!', confirmPassword: 'longenough1!' }, deps)).rejects.toThrow(
      'Password must contain an uppercase letter.',
    );
    await expect(signUpUser({ ...form(), confirmPassword: 'Other0ne!' }, deps)).rejects.toThrow("Passwords don't match");
  });

  it('lets people pick GAMER or SELF, COACH only with the code of a coach invite mailed to the e-mail, never DIRECTOR or an admin role', async () => {
    const { deps, invites, codes, users } = fakeWorld();
    await expect(signUpUser({ ...form('self@fitgauge.test'), role: 'SELF' }, deps)).resolves.toMatchObject({ groups: ['SELF'] });
    for (const role of ['ADMIN', 'SUPERADMIN', 'DIRECTOR', 'COACH']) {
      await expect(signUpUser({ ...form(`${role}@fitgauge.test`), role }, deps)).rejects.toThrow(AUTH_ERRORS.roleNotAllowed);
    }
    const at = '2026-11-01T00:00:00Z';
    invites.push({
      id: 'i1',
      teamId: 't1',
      inviteeEmail: 'coach2@fitgauge.test',
      inviteeName: 'Coach',
      inviterUserId: 'd',
      role: 'COACH',
      status: 'PENDING',
      code: 'ABCDEFGH',
      createdAt: at,
      updatedAt: at,
    });
    codes.set('ABCDEFGH', {
      id: 'c1',
      code: 'ABCDEFGH',
      teamId: 't1',
      inviteId: 'i1',
      email: 'coach2@fitgauge.test',
      used: false,
      accepted: false,
      userId: null,
      createdAt: at,
    });
    // A pending invite to the typed e-mail is no proof: anyone can type it.
    await expect(signUpUser({ ...form('coach2@fitgauge.test'), role: 'COACH' }, deps)).rejects.toThrow(AUTH_ERRORS.roleNotAllowed);
    await expect(signUpUser({ ...form('other@fitgauge.test'), role: 'COACH', inviteCode: 'ABCDEFGH' }, deps)).rejects.toThrow(
      TEAM_MESSAGES.codeForAnotherEmail,
    );
    await expect(signUpUser({ ...form('coach2@fitgauge.test'), role: 'COACH', inviteCode: 'ZZZZ2222' }, deps)).rejects.toThrow(
      TEAM_MESSAGES.codeNotFound,
    );
    expect([...users.values()].map((user) => user.email)).toEqual(['self@fitgauge.test']);
    const coach = await signUpUser({ ...form('Coach2@fitgauge.test'), role: 'COACH', inviteCode: 'abcdefgh' }, deps);
    expect(coach).toMatchObject({ groups: ['COACH'], user: { emailVerified: true } });
  });

  it('makes accounts with an unproven e-mail unless a mailed invite code comes with the sign-up', async () => {
    const { deps } = fakeWorld();
    await expect(signUpUser(form('plain@fitgauge.test'), deps)).resolves.toMatchObject({ user: { emailVerified: false } });
  });
});
