/**
 * Account-flow input rules, shared by the web forms and the auth Lambda (which re-checks every input).
 * Messages are what a person reads; the spec's texts are kept letter for letter where it gives them (section 5).
 */
import { z } from 'zod';
import type { Role } from '../roles';
import { boundedInt, boundedToken, boundedUrl, emailAddress, safeText } from './fields';

export const MESSAGES = {
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter a password',
  fullNameRequired: 'Please enter your full name',
  fullNameTooLong: 'Full name must be at most 100 characters.',
  fullNameUnsafe: 'Full name must not contain control characters, direction overrides or broken characters.',
  fullNameMarkup: 'Full name must not contain < or >.',
  passwordUnsafe: 'Password must not contain control characters, direction overrides or broken characters.',
  passwordTooLong: 'Password must be at most 256 characters.',
  codeInvalid: 'Please enter a valid code',
  signUpPasswordsDiffer: "Passwords don't match",
  resetPasswordsDiffer: 'Passwords do not match',
} as const;

/** Cognito's password policy counts only these as symbols, so the same list is checked here. */
export const PASSWORD_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';
const SYMBOL = new RegExp(`[${PASSWORD_SYMBOLS.replace(/[\\\]^-]/g, '\\$&')}]`);

export const PASSWORD_MIN_LENGTH = 8;
/** Cognito's own maximum. */
export const PASSWORD_MAX_LENGTH = 256;

/** The pool's password policy (infra/lib/auth.ts) as readable rules; the first one broken is reported. */
export const PASSWORD_RULES: readonly { test: (password: string) => boolean; message: string }[] = [
  { test: (p) => p.length >= PASSWORD_MIN_LENGTH, message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` },
  { test: (p) => p.length <= PASSWORD_MAX_LENGTH, message: MESSAGES.passwordTooLong },
  { test: (p) => /[A-Z]/.test(p), message: 'Password must contain an uppercase letter.' },
  { test: (p) => /[a-z]/.test(p), message: 'Password must contain a lowercase letter.' },
  { test: (p) => /[0-9]/.test(p), message: 'Password must contain a number.' },
  { test: (p) => SYMBOL.test(p), message: 'Password must contain a symbol (for example ! ? # @ $ %).' },
  { test: (p) => p.trim() === p, message: 'Password must not start or end with a space.' },
];

/** Every rule the password breaks, in order (for a checklist under the field). */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/**
 * Any password the API takes: present, at most Cognito's length, and free of characters no password policy of ours
 * ever allowed (controls, direction overrides, broken characters), so such input never reaches Cognito or a try counter.
 */
const passwordField = safeText({
  required: MESSAGES.passwordRequired,
  max: PASSWORD_MAX_LENGTH,
  tooLong: MESSAGES.passwordTooLong,
  unsafe: MESSAGES.passwordUnsafe,
  trim: false,
});

/** A new password: the pool's policy as well. */
export const passwordRules = passwordField.superRefine((password, ctx) => {
  const [problem] = passwordProblems(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** What the confirmation is compared with: a longer value can only differ. */
const confirmationField = (differs: string) => z.string({ error: differs }).max(PASSWORD_MAX_LENGTH, differs);

export const emailField = emailAddress({ required: MESSAGES.emailRequired, invalid: MESSAGES.emailInvalid });

/** Sign-in checks no password rules: they may have changed since the account was made. */
export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});

export const FULL_NAME_MAX_LENGTH = 100;

/** A person's name as stored on the profile, typed at sign-up or taken from Discord. */
export const fullNameField = safeText({
  required: MESSAGES.fullNameRequired,
  max: FULL_NAME_MAX_LENGTH,
  tooLong: MESSAGES.fullNameTooLong,
  unsafe: MESSAGES.fullNameUnsafe,
  noMarkup: MESSAGES.fullNameMarkup,
});

export const signUpSchema = z
  .object({
    fullName: fullNameField,
    email: emailField,
    password: passwordRules,
    confirmPassword: confirmationField(MESSAGES.signUpPasswordsDiffer),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: MESSAGES.signUpPasswordsDiffer,
    path: ['confirmPassword'],
  });

/** Roles anyone may pick at sign-up. COACH also when a coach invite waits for the e-mail (checked on the server). */
export const SELF_SERVICE_ROLES: readonly Role[] = ['GAMER', 'SELF'];
export const DEFAULT_SIGN_UP_ROLE: Role = 'GAMER';

export const forgotPasswordEmailSchema = z.object({ email: emailField });

export const RESET_CODE_LENGTH = 6;
export const resetCodeSchema = z.object({
  code: z
    .string({ error: MESSAGES.codeInvalid })
    .max(RESET_CODE_LENGTH * 4, { message: MESSAGES.codeInvalid, abort: true })
    .trim()
    .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), MESSAGES.codeInvalid),
});

export const newPasswordSchema = z
  .object({ password: passwordRules, confirmPassword: confirmationField(MESSAGES.resetPasswordsDiffer) })
  .refine((form) => form.password === form.confirmPassword, {
    message: MESSAGES.resetPasswordsDiffer,
    path: ['confirmPassword'],
  });

/** `forgotPasswordVerify` and `forgotPasswordFinal` (the password is checked first: a weak one must not use up a guess). */
export const resetCodeArgsSchema = forgotPasswordEmailSchema.extend(resetCodeSchema.shape);
export const resetPasswordArgsSchema = resetCodeArgsSchema.extend({ password: passwordRules });

export type LoginInput = z.infer<typeof loginSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * What the auth API answers (GraphQL error message), spec section 8 where it gives the text.
 * The web shows these as they come; `wrongPassword` is the one with a number in it.
 */
export const AUTH_ERRORS = {
  emailNotFound: 'Email not found',
  wrongPassword: (triesLeft: number) => `Wrong password. You still have ${triesLeft} tries left.`,
  tryLimit: 'Error logging in user. You have reached your try limit.',
  signedUpWithDiscord: "You've signed up using Discord. Please use Discord to log back in.",
  noDiscordId: 'Error logging in user. No discord ID found. Please sign up using Discord.',
  discordEmailUnverified: 'Error logging in user. Please verify your email address with Discord, then try again.',
  discordFailed: 'Error logging in user. Discord sign-in failed. Please try again.',
  disabled: 'Your account has been disabled. Please contact support.',
  emailExists: 'User with that email already exists. Please login.',
  roleNotAllowed: "You can't sign up with that role.",
  userNotFound: 'User not found. Please sign up',
  invalidCode: 'Invalid or expired code.',
  passwordRefused: 'This password cannot be used. Please choose another one.',
  codeAttemptsUsed: 'Too many attempts. Please request a new code.',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;

/** Cognito's longest access-token lifetime (1 day): what `refreshToken`'s unused expiresIn may say. */
export const MAX_EXPIRES_IN_SECONDS = 86_400;

/** `logoutUser`; `refreshToken` adds the access token and its remaining seconds, which are accepted and not used. */
export const logoutArgsSchema = z.object({ refreshToken: boundedToken(AUTH_ERRORS.sessionExpired) });
export const refreshArgsSchema = logoutArgsSchema.extend({
  accessToken: boundedToken(AUTH_ERRORS.sessionExpired).nullish(),
  expiresIn: boundedInt('expiresIn', 0, MAX_EXPIRES_IN_SECONDS).nullish(),
});

/** Discord's codes are short opaque strings; 512 is far above them. */
const DISCORD_CODE_MAX_LENGTH = 512;
export const discordLoginArgsSchema = z.object({
  code: boundedToken(AUTH_ERRORS.discordFailed, DISCORD_CODE_MAX_LENGTH),
  redirect_uri: boundedUrl(AUTH_ERRORS.discordFailed),
});
