import { AUTH_ERRORS } from '@core/auth/validation';
import type { AuthDeps } from './deps';
import { loginUser as loginWithArgs } from './login';
import { LOGIN_LOCK_SECONDS, LOGIN_REFUSAL_MIN_MS, LOGIN_TRY_LIMIT } from './login-attempts';
import { argsOf, fakeWorld } from './test-support';

/** As the handler calls it: the arguments parsed by the field's schema first. */
const loginUser = async (input: unknown, deps: AuthDeps) => loginWithArgs(argsOf('Mutation.loginUser', input), deps);

const PASSWORD = 'Passw0rd!';

async function world() {
  const w = fakeWorld();
  const user = await w.addAccount(w.email('gamer1'), PASSWORD);
  return { ...w, user };
}

describe('loginUser', () => {
  it('signs in with the right password and returns tokens, groups and the user', async () => {
    const { deps, user } = await world();
    const result = await loginUser({ email: ` ${user.email.toUpperCase()} `, password: PASSWORD }, deps);
    expect(result).toMatchObject({ id: user.id, groups: ['GAMER'], expiresIn: 3600, user: { email: user.email, usedDiscord: false } });
    expect(result.refreshToken).toBeTruthy();
  });

  it('answers "Email not found" for an unknown e-mail', async () => {
    const { deps, email } = await world();
    await expect(loginUser({ email: email('nobody'), password: PASSWORD }, deps)).rejects.toMatchObject({
      name: 'NotFound',
      message: 'Email not found',
    });
  });

  it('answers an unknown e-mail and a wrong password after the same minimum time, and a success without waiting', async () => {
    const { deps, sleeps, user, email } = await world();
    await loginUser({ email: email('nobody'), password: PASSWORD }, deps).catch(() => undefined);
    await loginUser({ email: user.email, password: 'Wrong!pass1' }, deps).catch(() => undefined);
    expect(sleeps).toEqual([LOGIN_REFUSAL_MIN_MS, LOGIN_REFUSAL_MIN_MS]);
    await loginUser({ email: user.email, password: PASSWORD }, deps);
    expect(sleeps).toHaveLength(2);
  });

  it('counts wrong passwords down, then locks even the right password for the lock period', async () => {
    const { deps, advance, user } = await world();
    const wrong = () => loginUser({ email: user.email, password: 'nope' }, deps);
    for (let left = LOGIN_TRY_LIMIT - 1; left > 0; left--) {
      await expect(wrong()).rejects.toThrow(`Wrong password. You still have ${left} tries left.`);
    }
    await expect(wrong()).rejects.toThrow('Error logging in user. You have reached your try limit.');
    await expect(loginUser({ email: user.email, password: PASSWORD }, deps)).rejects.toThrow(AUTH_ERRORS.tryLimit);

    advance(LOGIN_LOCK_SECONDS * 1000 - 1000);
    await expect(loginUser({ email: user.email, password: PASSWORD }, deps)).rejects.toThrow(AUTH_ERRORS.tryLimit);
    advance(1000);
    await expect(loginUser({ email: user.email, password: PASSWORD }, deps)).resolves.toMatchObject({ groups: ['GAMER'] });
  });

  it('refuses tries beyond the limit without asking Cognito, however many arrive at once', async () => {
    const { deps, user } = await world();
    const signIn = jest.spyOn(deps.idp, 'signIn');
    const isEnabled = jest.spyOn(deps.idp, 'isEnabled');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => loginUser({ email: user.email, password: 'nope' }, deps)));
    expect(signIn).toHaveBeenCalledTimes(LOGIN_TRY_LIMIT);
    expect(isEnabled).toHaveBeenCalledTimes(LOGIN_TRY_LIMIT);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
  });

  it('starts the count again after a successful sign-in', async () => {
    const { deps, user } = await world();
    const attempt = (password: string) => loginUser({ email: user.email, password }, deps);
    await expect(attempt('nope')).rejects.toThrow('You still have 4 tries left.');
    await expect(attempt('nope')).rejects.toThrow('You still have 3 tries left.');
    await attempt(PASSWORD);
    await expect(attempt('nope')).rejects.toThrow('You still have 4 tries left.');
  });

  it('refuses a disabled account, whether the profile or the user pool says so', async () => {
    const { deps, setEnabled, pool, user } = await world();
    await setEnabled(user.id, false);
    await expect(loginUser({ email: user.email, password: PASSWORD }, deps)).rejects.toThrow(AUTH_ERRORS.disabled);
    await setEnabled(user.id, true);
    pool.get(user.id)!.enabled = false;
    await expect(loginUser({ email: user.email, password: PASSWORD }, deps)).rejects.toThrow(
      'Your account has been disabled. Please contact support.',
    );
  });

  it('sends Discord-made accounts to Discord', async () => {
    const { deps, addAccount, email, id } = await world();
    await addAccount(email('discord'), 'whatever', 'GAMER', { usedDiscord: true, discordId: id('42') });
    await expect(loginUser({ email: email('discord'), password: 'whatever' }, deps)).rejects.toThrow(
      "You've signed up using Discord. Please use Discord to log back in.",
    );
  });

  it('checks input before anything else', async () => {
    const { deps, user } = await world();
    await expect(loginUser({ email: '', password: PASSWORD }, deps)).rejects.toMatchObject({
      name: 'ValidationError',
      message: 'Please enter an email address',
    });
    await expect(loginUser({ email: user.email, password: '' }, deps)).rejects.toThrow('Please enter a password');
  });
});
