/**
 * The sign-in form's rules, shared by the login page and the auth Lambda. Built with zod/mini and the shared text
 * checks (text-rules.ts), never the full zod: the login page is the first page most visits load (docs/performance.md).
 */
import * as z from 'zod/mini';
import { MESSAGES } from './texts';
import { emailChecks, safeTextChecks } from '../validation/text-rules';

/** Cognito's own maximum. */
export const PASSWORD_MAX_LENGTH = 256;

export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .check(...emailChecks({ required: MESSAGES.emailRequired, invalid: MESSAGES.emailInvalid }));

/**
 * Any password the API takes: present, at most Cognito's length, and free of characters no password policy of ours
 * ever allowed (controls, direction overrides, broken characters), so such input never reaches Cognito or a try counter.
 */
export const passwordField = z.string({ error: MESSAGES.passwordRequired }).check(
  ...safeTextChecks({
    required: MESSAGES.passwordRequired,
    max: PASSWORD_MAX_LENGTH,
    tooLong: MESSAGES.passwordTooLong,
    unsafe: MESSAGES.passwordUnsafe,
    trim: false,
  }),
);

/** Sign-in checks no password rules: they may have changed since the account was made. */
export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});

export type LoginInput = z.infer<typeof loginSchema>;
