import { AUTH_ERRORS } from '@core/validation/auth';
import { loginUser } from './login';
import { forgotPassword, forgotPasswordFinal, forgotPasswordVerify } from './password-reset';
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_SECONDS } from './reset-code';
import { fakeWorld } from './test-support';

const EMAIL = 'gamer1@fitgauge.test';

async function world() {
  const w = fakeWorld();
  const user = await w.addAccount(EMAIL, 'Passw0rd!');
  return { ...w, user };
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('password reset', () => {
  it('mails a 6-digit code, verifies it, sets the new password and spends the code', async () => {
    const { deps, mail, codes, user } = await world();
    await expect(forgotPassword({ email: EMAIL }, deps)).resolves.toBe(true);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: EMAIL, subject: 'Your FitGauge password reset code' });
    const code = codeIn(mail[0].text);
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(codes.get(user.id))).not.toContain(code); // only a hash is kept

    await expect(forgotPasswordVerify({ email: EMAIL, code }, deps)).resolves.toBe(true);
    await expect(forgotPasswordFinal({ email: EMAIL, code, password: 'N3w!password' }, deps)).resolves.toBe(true);
    await expect(loginUser({ email: EMAIL, password: 'N3w!password' }, deps)).resolves.toMatchObject({ id: user.id });
    await expect(forgotPasswordFinal({ email: EMAIL, code, password: 'An0ther!pass' }, deps)).rejects.toThrow(AUTH_ERRORS.invalidCode);
  });

  it('tells nothing about unknown e-mails and sends them nothing', async () => {
    const { deps, mail } = await world();
    await expect(forgotPassword({ email: 'nobody@fitgauge.test' }, deps)).resolves.toBe(true);
    expect(mail).toHaveLength(0);
    await expect(forgotPasswordVerify({ email: 'nobody@fitgauge.test', code: '123456' }, deps)).rejects.toThrow(
      'Invalid or expired code.',
    );
  });

  it('reminds Discord-made accounts to use Discord instead of sending a code', async () => {
    const { deps, mail, addAccount } = await world();
    await addAccount('discord@fitgauge.test', 'x', 'GAMER', { usedDiscord: true, discordId: '7' });
    await forgotPassword({ email: 'discord@fitgauge.test' }, deps);
    expect(mail[0].text).toContain('Discord');
    expect(codeIn(mail[0].text)).toBe('');
  });

  it('expires a code after its lifetime', async () => {
    const { deps, mail, advance } = await world();
    await forgotPassword({ email: EMAIL }, deps);
    advance(RESET_CODE_TTL_SECONDS * 1000);
    await expect(forgotPasswordVerify({ email: EMAIL, code: codeIn(mail[0].text) }, deps)).rejects.toThrow(AUTH_ERRORS.invalidCode);
  });

  it(`kills a code after ${RESET_CODE_MAX_ATTEMPTS} wrong guesses, even for the right code`, async () => {
    const { deps, mail } = await world();
    await forgotPassword({ email: EMAIL }, deps);
    const code = codeIn(mail[0].text);
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i++) {
      await expect(forgotPasswordVerify({ email: EMAIL, code: wrongCode(code) }, deps)).rejects.toThrow(AUTH_ERRORS.invalidCode);
    }
    await expect(forgotPasswordVerify({ email: EMAIL, code }, deps)).rejects.toThrow('Too many attempts. Please request a new code.');
  });

  it('replaces the earlier code with a new request', async () => {
    const { deps, mail } = await world();
    await forgotPassword({ email: EMAIL }, deps);
    await forgotPassword({ email: EMAIL }, deps);
    const [first, second] = mail.map((m) => codeIn(m.text));
    if (first !== second) await expect(forgotPasswordVerify({ email: EMAIL, code: first }, deps)).rejects.toThrow(AUTH_ERRORS.invalidCode);
    await expect(forgotPasswordVerify({ email: EMAIL, code: second }, deps)).resolves.toBe(true);
  });

  it('checks the new password before using up the code, and clears failed sign-ins on success', async () => {
    const { deps, mail } = await world();
    for (let i = 0; i < 5; i++) await loginUser({ email: EMAIL, password: 'bad' }, deps).catch(() => undefined);
    await forgotPassword({ email: EMAIL }, deps);
    const code = codeIn(mail[0].text);
    await expect(forgotPasswordFinal({ email: EMAIL, code, password: 'weak' }, deps)).rejects.toThrow(
      'Password must be at least 8 characters.',
    );
    await forgotPasswordFinal({ email: EMAIL, code, password: 'N3w!password' }, deps);
    await expect(loginUser({ email: EMAIL, password: 'N3w!password' }, deps)).resolves.toBeTruthy();
  });

  it('uses the spec texts for missing input', async () => {
    const { deps } = await world();
    await expect(forgotPassword({ email: '' }, deps)).rejects.toThrow('Please enter an email address');
    await expect(forgotPasswordVerify({ email: EMAIL, code: '' }, deps)).rejects.toThrow('Please enter a valid code');
    await expect(forgotPasswordFinal({ email: EMAIL, code: '123456', password: '' }, deps)).rejects.toThrow('Please enter a password');
  });
});
