import { PASSWORD_MIN_LENGTH } from '@core/auth/validation';

/** The pool's password policy in one sentence, under new-password fields. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase and a lowercase letter, a number and a symbol.`;
