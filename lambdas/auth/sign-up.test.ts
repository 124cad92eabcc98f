import { AUTH_ERRORS } from '@core/validation/auth';
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

  it('lets people pick GAMER or SELF, COACH only with a coach invite, never DIRECTOR or an admin role', async () => {
    const { deps, invites } = fakeWorld();
    await expect(signUpUser({ ...form('self@fitgauge.test'), role: 'SELF' }, deps)).resolves.toMatchObject({ groups: ['SELF'] });
    for (const role of ['ADMIN', 'SUPERADMIN', 'DIRECTOR', 'COACH']) {
      await expect(signUpUser({ ...form(`${role}@fitgauge.test`), role }, deps)).rejects.toThrow(AUTH_ERRORS.roleNotAllowed);
    }
    invites.push({
      id: 'i1', teamId: 't1', inviteeEmail: 'coach2@fitgauge.test', inviteeName: 'Coach', inviterUserId: 'd', role: 'COACH',
      status: 'PENDING', createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z',
    });
    await expect(signUpUser({ ...form('coach2@fitgauge.test'), role: 'COACH' }, deps)).resolves.toMatchObject({ groups: ['COACH'] });
  });
});
