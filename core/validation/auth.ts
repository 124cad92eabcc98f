/**
 * Account-flow input rules, shared by the web forms and the auth Lambda (which re-checks every input).
 * Messages are what a person reads; the spec's texts are kept letter for letter where it gives them (section 5).
 */
import { z } from 'zod';
import type { Role } from '../roles';

export const MESSAGES = {
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter a password',
  fullNameRequired: 'Please enter your full name',
  fullNameTooLong: 'Full name must be at most 100 characters.',
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
  { test: (p) => p.length <= PASSWORD_MAX_LENGTH, message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` },
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

export const passwordRules = z
  .string()
  .min(1, MESSAGES.passwordRequired)
  .superRefine((password, ctx) => {
    const [problem] = passwordProblems(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const emailField = z
  .string()
  .trim()
  .min(1, MESSAGES.emailRequired)
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

/** Sign-in checks only presence: the password rules may have changed since the account was made. */
export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, MESSAGES.passwordRequired),
});

export const signUpSchema = z
  .object({
    fullName: z.string().trim().min(1, MESSAGES.fullNameRequired).max(100, MESSAGES.fullNameTooLong),
    email: emailField,
    password: passwordRules,
    confirmPassword: z.string(),
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
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), MESSAGES.codeInvalid),
});

export const newPasswordSchema = z
  .object({ password: passwordRules, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: MESSAGES.resetPasswordsDiffer,
    path: ['confirmPassword'],
  });

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
  codeAttemptsUsed: 'Too many attempts. Please request a new code.',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;
