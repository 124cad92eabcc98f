/**
 * Account-flow input rules, shared by the web forms and the auth Lambda (which re-checks every input). Messages are
 * what a person reads; the spec's texts are kept letter for letter where it gives them (docs/validation.md).
 */
import { z } from 'zod';
import type { Role } from '../roles';
import { AUTH_ERRORS, MESSAGES } from './texts';
import { boundedInt, boundedToken, boundedUrl, safeText } from '../validation/fields';
import { emailField, PASSWORD_MAX_LENGTH, passwordField } from './login';

export { AUTH_ERRORS, MESSAGES } from './texts';
export { loginSchema, type LoginInput } from './login';

/** Cognito's password policy counts only these as symbols, so the same list is checked here. */
const PASSWORD_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';
const SYMBOL = new RegExp(`[${PASSWORD_SYMBOLS.replace(/[\\\]^-]/g, '\\$&')}]`);

export const PASSWORD_MIN_LENGTH = 8;

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

/** A new password: the pool's policy as well. */
const passwordRules = passwordField.check(
  z.superRefine((password, ctx) => {
    const [problem] = passwordProblems(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/** What the confirmation is compared with: a longer value can only differ. */
const confirmationField = (differs: string) => z.string({ error: differs }).max(PASSWORD_MAX_LENGTH, differs);

const FULL_NAME_MAX_LENGTH = 100;

/** A person's name as stored on the profile, typed at sign-up or taken from Discord. */
export const fullNameField = safeText({
  required: MESSAGES.fullNameRequired,
  max: FULL_NAME_MAX_LENGTH,
  tooLong: MESSAGES.fullNameTooLong,
  unsafe: MESSAGES.fullNameUnsafe,
  noMarkup: MESSAGES.fullNameMarkup,
  noLinks: MESSAGES.fullNameLink,
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

/** Cognito's longest access-token lifetime (1 day): what `refreshToken`'s unused expiresIn may say. */
const MAX_EXPIRES_IN_SECONDS = 86_400;

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
