import {
  discordLoginArgsSchema,
  forgotPasswordEmailSchema,
  loginSchema,
  newPasswordSchema,
  passwordProblems,
  refreshArgsSchema,
  resetCodeSchema,
  resetPasswordArgsSchema,
  signUpSchema,
} from './validation';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? null : { message: result.error!.issues[0].message, path: result.error!.issues[0].path.join('.') };

describe('password rules', () => {
  it.each([
    ['Sh0rt!', 'Password must be at least 8 characters.'],
    ['lowercase1!', 'Password must contain an uppercase letter.'],
    ['UPPERCASE1!', 'Password must contain a lowercase letter.'],
    ['NoDigits!!', 'Password must contain a number.'],
    ['NoSymbol11', 'Password must contain a symbol (for example ! ? # @ $ %).'],
    [' Spaced0ut! ', 'Password must not start or end with a space.'],
  ])('%j breaks "%s"', (password, message) => {
    expect(passwordProblems(password)).toContain(message);
  });

  it('accepts the demo password and counts only Cognito symbols', () => {
    expect(passwordProblems('Passw0rd!')).toEqual([]);
    expect(passwordProblems('Passw0rd€')).toContain('Password must contain a symbol (for example ! ? # @ $ %).');
    expect(passwordProblems('Pass-w0rd')).toEqual([]);
  });
});

describe('account forms', () => {
  it('sign-up reports the mismatch under confirmPassword with the spec text', () => {
    const result = signUpSchema.safeParse({ fullName: 'Ava', email: 'a@b.co', password: 'Passw0rd!', confirmPassword: 'Passw0rd?' });
    expect(firstMessage(result)).toEqual({ message: "Passwords don't match", path: 'confirmPassword' });
  });

  it('sign-up normalises the e-mail and needs a name', () => {
    expect(signUpSchema.parse({ fullName: ' Ava ', email: ' Ava@B.co ', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' })).toMatchObject({
      fullName: 'Ava',
      email: 'ava@b.co',
    });
    expect(
      firstMessage(signUpSchema.safeParse({ fullName: ' ', email: 'a@b.co', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' })),
    ).toMatchObject({
      message: 'Please enter your full name',
    });
  });

  it('reset steps use the spec texts', () => {
    expect(firstMessage(forgotPasswordEmailSchema.safeParse({ email: '' }))?.message).toBe('Please enter an email address');
    expect(firstMessage(forgotPasswordEmailSchema.safeParse({ email: 'nope' }))?.message).toBe('Please enter a valid email address');
    expect(firstMessage(resetCodeSchema.safeParse({ code: '' }))?.message).toBe('Please enter a valid code');
    expect(firstMessage(resetCodeSchema.safeParse({ code: '12345a' }))?.message).toBe('Please enter a valid code');
    expect(resetCodeSchema.safeParse({ code: '012345' }).success).toBe(true);
    expect(firstMessage(newPasswordSchema.safeParse({ password: '', confirmPassword: '' }))?.message).toBe('Please enter a password');
    expect(firstMessage(newPasswordSchema.safeParse({ password: 'Passw0rd!', confirmPassword: 'x' }))).toEqual({
      message: 'Passwords do not match',
      path: 'confirmPassword',
    });
  });

  it('login needs only presence (old passwords may predate the rules)', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))?.message).toBe('Please enter a password');
  });
});

describe('bounds on every account argument', () => {
  const HUGE = 'a'.repeat(100_000);
  const signUp = (fields: Record<string, unknown>) =>
    signUpSchema.safeParse({ fullName: 'Ava', email: 'a@b.co', password: 'Passw0rd!', confirmPassword: 'Passw0rd!', ...fields });

  it('refuses names that are too long, blank, invisible, reversed or markup', () => {
    expect(firstMessage(signUp({ fullName: HUGE }))?.message).toBe('Full name must be at most 100 characters.');
    expect(firstMessage(signUp({ fullName: '\u200b\u200b' }))?.message).toBe('Please enter your full name');
    for (const fullName of ['Ava\u0000', 'Ava\u0007', '\u202eavA', 'Ava\ud800']) {
      expect(firstMessage(signUp({ fullName }))?.message).toBe(
        'Full name must not contain control characters, direction overrides or broken characters.',
      );
    }
    expect(firstMessage(signUp({ fullName: '<img src=x onerror=alert(1)>' }))?.message).toBe('Full name must not contain < or >.');
  });

  it('refuses e-mails over 254 characters everywhere they are taken', () => {
    const long = `${'a'.repeat(300)}@example.com`;
    expect(firstMessage(signUp({ email: long }))?.message).toBe('Please enter a valid email address');
    expect(firstMessage(loginSchema.safeParse({ email: long, password: 'x' }))?.message).toBe('Please enter a valid email address');
    expect(firstMessage(forgotPasswordEmailSchema.safeParse({ email: long }))?.message).toBe('Please enter a valid email address');
  });

  it('refuses passwords no account can have before they reach Cognito or a try counter', () => {
    const login = (password: unknown) => firstMessage(loginSchema.safeParse({ email: 'a@b.co', password }))?.message;
    expect(login(HUGE)).toBe('Password must be at most 256 characters.');
    expect(login('Passw0rd!\u0000')).toBe('Password must not contain control characters, direction overrides or broken characters.');
    expect(login('\u202ePassw0rd!')).toBe('Password must not contain control characters, direction overrides or broken characters.');
    expect(login('   ')).toBe('Please enter a password');
    expect(login('<b>any printable password</b>')).toBeUndefined();
    expect(firstMessage(signUp({ password: 'Passw0rd!\u0000', confirmPassword: 'Passw0rd!\u0000' }))?.message).toBe(
      'Password must not contain control characters, direction overrides or broken characters.',
    );
    expect(firstMessage(signUp({ confirmPassword: HUGE }))).toEqual({ message: "Passwords don't match", path: 'confirmPassword' });
  });

  it("refuses oversized codes and tokens with the flow's own message", () => {
    expect(firstMessage(resetPasswordArgsSchema.safeParse({ email: 'a@b.co', code: HUGE, password: 'Passw0rd!' }))?.message).toBe(
      'Please enter a valid code',
    );
    expect(firstMessage(refreshArgsSchema.safeParse({ refreshToken: HUGE }))?.message).toBe('Your session has expired. Please sign in again.');
    expect(firstMessage(refreshArgsSchema.safeParse({ refreshToken: 'abc', accessToken: HUGE }))?.message).toBe(
      'Your session has expired. Please sign in again.',
    );
    expect(firstMessage(refreshArgsSchema.safeParse({ refreshToken: 'abc', expiresIn: -1 }))?.message).toBe('expiresIn must be at least 0.');
    expect(firstMessage(refreshArgsSchema.safeParse({ refreshToken: 'abc', expiresIn: 2_147_483_647 }))?.message).toBe(
      'expiresIn must be at most 86400.',
    );
    expect(refreshArgsSchema.safeParse({ refreshToken: 'abc.def', accessToken: null, expiresIn: 3600 }).success).toBe(true);
    const discordFailed = 'Error logging in user. Discord sign-in failed. Please try again.';
    expect(firstMessage(discordLoginArgsSchema.safeParse({ code: HUGE, redirect_uri: 'http://localhost/auth/discord' }))?.message).toBe(
      discordFailed,
    );
    expect(firstMessage(discordLoginArgsSchema.safeParse({ code: 'abc', redirect_uri: `http://localhost/${HUGE}` }))?.message).toBe(discordFailed);
  });
});
