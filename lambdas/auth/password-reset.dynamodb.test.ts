import { AUTH_ERRORS } from '@core/auth/validation';
import { UNKNOWN_ADDRESS } from '../lib/caller-address';
import { PasswordRefusedError } from './identity-provider';
import type { AuthDeps } from './deps';
import { loginUser as loginWithArgs } from './login';
import {
  FORGOT_PASSWORD_MIN_MS,
  forgotPassword as forgotPasswordWithArgs,
  forgotPasswordFinal as forgotPasswordFinalWithArgs,
  forgotPasswordVerify as forgotPasswordVerifyWithArgs,
  RESET_MAILS_PER_EMAIL,
  RESET_REQUESTS_PER_CALLER,
} from './password-reset';
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_SECONDS } from './reset-code';
import { dynamoResetCodeStore } from './reset-code-store';
import { dynamoUserStore } from '../lib/stores/user-store';
import { argsOf, fakeWorld } from './test-support';

// As the handler calls them: the arguments parsed by each field's schema first.
const forgotPassword = async (input: unknown, deps: AuthDeps, from: string) =>
  forgotPasswordWithArgs(argsOf('Mutation.forgotPassword', input), from, deps);
const forgotPasswordVerify = async (input: unknown, deps: AuthDeps) =>
  forgotPasswordVerifyWithArgs(argsOf('Mutation.forgotPasswordVerify', input), deps);
const forgotPasswordFinal = async (input: unknown, deps: AuthDeps) =>
  forgotPasswordFinalWithArgs(argsOf('Mutation.forgotPasswordFinal', input), deps);
const loginUser = async (input: unknown, deps: AuthDeps) => loginWithArgs(argsOf('Mutation.loginUser', input), deps);

/** An account with a password, and a caller address of this world's own (limits count per address). */
async function world() {
  const w = fakeWorld();
  const user = await w.addAccount(w.email('gamer1'), 'Passw0rd!');
  const from = w.id('203.0.113.9');
  return { ...w, user, EMAIL: user.email, forgotPassword: (input: unknown, address = from) => forgotPassword(input, w.deps, address) };
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('password reset', () => {
  it('mails a 6-digit code, verifies it, sets the new password and spends the code', async () => {
    const { deps, mail, user, EMAIL, forgotPassword } = await world();
    await expect(forgotPassword({ email: EMAIL })).resolves.toBe(true);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: EMAIL, subject: 'Your FitGauge password reset code' });
    const code = codeIn(mail[0].text);
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(await dynamoResetCodeStore.reserveGuess(user.id, deps.now(), RESET_CODE_MAX_ATTEMPTS))).not.toContain(code); // only a hash is kept

    await expect(forgotPasswordVerify({ email: EMAIL, code }, deps)).resolves.toBe(true);
    await expect(forgotPasswordFinal({ email: EMAIL, code, password: 'N3w!password' }, deps)).resolves.toBe(true);
    await expect(loginUser({ email: EMAIL, password: 'N3w!password' }, deps)).resolves.toMatchObject({ id: user.id });
    await expect(forgotPasswordFinal({ email: EMAIL, code, password: 'An0ther!pass' }, deps)).rejects.toThrow(AUTH_ERRORS.invalidCode);
  });

  it('keeps the code, and the old password, when Cognito refuses the new password', async () => {
    const { deps, mail, failures, user, EMAIL, forgotPassword } = await world();
    await forgotPassword({ email: EMAIL });
    const code = codeIn(mail[0].text);
    failures.setPassword = new PasswordRefusedError('Password does not conform to policy');
    await expect(forgotPasswordFinal({ email: EMAIL, code, password: 'N3w!password' }, deps)).rejects.toMatchObject({
      name: 'ValidationError',
      message: AUTH_ERRORS.passwordRefused,
    });
    await expect(loginUser({ email: EMAIL, password: 'Passw0rd!' }, deps)).resolves.toMatchObject({ id: user.id });
    failures.setPassword = null;
    await expect(forgotPasswordFinal({ email: EMAIL, code, password: 'Other!pass1' }, deps)).resolves.toBe(true);
    await expect(loginUser({ email: EMAIL, password: 'Other!pass1' }, deps)).resolves.toMatchObject({ id: user.id });
  });

  it('tells nothing about unknown e-mails and sends them nothing', async () => {
    const { deps, mail, forgotPassword, email } = await world();
    await expect(forgotPassword({ email: email('nobody') })).resolves.toBe(true);
    expect(mail).toHaveLength(0);
    await expect(forgotPasswordVerify({ email: email('nobody'), code: '123456' }, deps)).rejects.toThrow('Invalid or expired code.');
  });

  it('reminds Discord-made accounts to use Discord instead of sending a code', async () => {
    const { mail, addAccount, forgotPassword, email, id } = await world();
    await addAccount(email('discord'), 'x', 'GAMER', { usedDiscord: true, discordId: id('7') });
    await forgotPassword({ email: email('discord') });
    expect(mail[0].text).toContain('Discord');
    expect(codeIn(mail[0].text)).toBe('');
  });

  it('expires a code after its lifetime', async () => {
    const { deps, mail, advance, EMAIL, forgotPassword } = await world();
    await forgotPassword({ email: EMAIL });
    advance(RESET_CODE_TTL_SECONDS * 1000);
    await expect(forgotPasswordVerify({ email: EMAIL, code: codeIn(mail[0].text) }, deps)).rejects.toThrow(AUTH_ERRORS.invalidCode);
  });

  it(`kills a code after ${RESET_CODE_MAX_ATTEMPTS} wrong guesses, even for the right code`, async () => {
    const { deps, mail, EMAIL, forgotPassword } = await world();
    await forgotPassword({ email: EMAIL });
    const code = codeIn(mail[0].text);
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i++) {
      await expect(forgotPasswordVerify({ email: EMAIL, code: wrongCode(code) }, deps)).rejects.toThrow(AUTH_ERRORS.invalidCode);
    }
    await expect(forgotPasswordVerify({ email: EMAIL, code }, deps)).rejects.toThrow('Too many attempts. Please request a new code.');
  });

  it('replaces the earlier code with a new request', async () => {
    const { deps, mail, advance, EMAIL, forgotPassword } = await world();
    const latestCode = () => codeIn(mail.at(-1)!.text);
    await forgotPassword({ email: EMAIL });
    let earlier = latestCode();
    await forgotPassword({ email: EMAIL });
    // Two random codes are equal once in a million: ask again (in the next hour's allowance) until they differ.
    while (latestCode() === earlier) {
      earlier = latestCode();
      advance(RESET_MAILS_PER_EMAIL.windowSeconds * 1000);
      await forgotPassword({ email: EMAIL });
    }
    await expect(forgotPasswordVerify({ email: EMAIL, code: earlier }, deps)).rejects.toThrow(AUTH_ERRORS.invalidCode);
    await expect(forgotPasswordVerify({ email: EMAIL, code: latestCode() }, deps)).resolves.toBe(true);
  });

  it('lets a verified code still set the password after four wrong guesses (verifying gives its guess back)', async () => {
    const { deps, mail, EMAIL, forgotPassword } = await world();
    await forgotPassword({ email: EMAIL });
    const code = codeIn(mail[0].text);
    for (let i = 1; i < RESET_CODE_MAX_ATTEMPTS; i++) {
      await expect(forgotPasswordVerify({ email: EMAIL, code: wrongCode(code) }, deps)).rejects.toThrow(AUTH_ERRORS.invalidCode);
    }
    await expect(forgotPasswordVerify({ email: EMAIL, code }, deps)).resolves.toBe(true);
    await expect(forgotPasswordFinal({ email: EMAIL, code, password: 'N3w!password' }, deps)).resolves.toBe(true);
  });

  it(`mails at most ${RESET_MAILS_PER_EMAIL.limit} codes per address an hour, and a refused request leaves the pending code valid`, async () => {
    const { deps, mail, advance, EMAIL, forgotPassword } = await world();
    for (let i = 0; i < RESET_MAILS_PER_EMAIL.limit + 2; i++) await expect(forgotPassword({ email: EMAIL })).resolves.toBe(true);
    expect(mail).toHaveLength(RESET_MAILS_PER_EMAIL.limit);
    await expect(forgotPasswordVerify({ email: EMAIL, code: codeIn(mail.at(-1)!.text) }, deps)).resolves.toBe(true);

    advance(RESET_MAILS_PER_EMAIL.windowSeconds * 1000);
    await forgotPassword({ email: EMAIL });
    expect(mail).toHaveLength(RESET_MAILS_PER_EMAIL.limit + 1);
  });

  it(`takes at most ${RESET_REQUESTS_PER_CALLER.limit} requests from one caller address per window, whatever the e-mails`, async () => {
    const { mail, addAccount, forgotPassword, email, id } = await world();
    const emails = await Promise.all(
      Array.from({ length: RESET_REQUESTS_PER_CALLER.limit + 1 }, (_, i) => addAccount(email(`player${i}`), 'Passw0rd!')),
    );
    for (const account of emails) await forgotPassword({ email: account.email }, id('198.51.100.1'));
    expect(mail).toHaveLength(RESET_REQUESTS_PER_CALLER.limit);
    await forgotPassword({ email: emails.at(-1)!.email }, id('198.51.100.2'));
    expect(mail.at(-1)!.to).toBe(emails.at(-1)!.email);
  });

  it('answers known and unknown e-mails after the same minimum time', async () => {
    const { sleeps, EMAIL, forgotPassword, email } = await world();
    await forgotPassword({ email: EMAIL });
    await forgotPassword({ email: email('nobody') });
    expect(sleeps).toEqual([FORGOT_PASSWORD_MIN_MS, FORGOT_PASSWORD_MIN_MS]);
  });

  it('checks the new password before using up the code, and clears failed sign-ins on success', async () => {
    const { deps, mail, EMAIL, forgotPassword } = await world();
    for (let i = 0; i < 5; i++) await loginUser({ email: EMAIL, password: 'bad' }, deps).catch(() => undefined);
    await forgotPassword({ email: EMAIL });
    const code = codeIn(mail[0].text);
    await expect(forgotPasswordFinal({ email: EMAIL, code, password: 'weak' }, deps)).rejects.toThrow('Password must be at least 8 characters.');
    await forgotPasswordFinal({ email: EMAIL, code, password: 'N3w!password' }, deps);
    await expect(loginUser({ email: EMAIL, password: 'N3w!password' }, deps)).resolves.toBeTruthy();
  });

  it('proves the mailbox with a used reset code: the profile and Cognito say the e-mail is verified', async () => {
    const { deps, mail, pool, user, EMAIL, forgotPassword } = await world();
    const users = dynamoUserStore;
    expect((await users.get(user.id))!.emailVerified).not.toBe(true);
    await forgotPassword({ email: EMAIL });
    await forgotPasswordVerify({ email: EMAIL, code: codeIn(mail[0].text) }, deps);
    expect((await users.get(user.id))!.emailVerified).not.toBe(true);
    await forgotPasswordFinal({ email: EMAIL, code: codeIn(mail[0].text), password: 'N3w!password' }, deps);
    expect((await users.get(user.id))!.emailVerified).toBe(true);
    expect(pool.get(user.id)!.emailVerified).toBe(true);
  });

  it('does not put callers without an address into one shared allowance', async () => {
    const { mail, addAccount, forgotPassword, email } = await world();
    const emails = await Promise.all(
      Array.from({ length: RESET_REQUESTS_PER_CALLER.limit + 2 }, (_, i) => addAccount(email(`anon${i}`), 'Passw0rd!')),
    );
    for (const account of emails) await forgotPassword({ email: account.email }, UNKNOWN_ADDRESS);
    expect(mail.map((message) => message.to)).toEqual(emails.map(({ email }) => email));
  });

  it('uses the spec texts for missing input', async () => {
    const { deps, EMAIL, forgotPassword } = await world();
    await expect(forgotPassword({ email: '' })).rejects.toThrow('Please enter an email address');
    await expect(forgotPasswordVerify({ email: EMAIL, code: '' }, deps)).rejects.toThrow('Please enter a valid code');
    await expect(forgotPasswordFinal({ email: EMAIL, code: '123456', password: '' }, deps)).rejects.toThrow('Please enter a password');
  });
});
