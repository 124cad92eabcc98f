import {
  forgotPasswordEmailSchema,
  loginSchema,
  newPasswordSchema,
  passwordProblems,
  resetCodeSchema,
  signUpSchema,
} from './auth';

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
    expect(firstMessage(signUpSchema.safeParse({ fullName: ' ', email: 'a@b.co', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' }))).toMatchObject({
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
