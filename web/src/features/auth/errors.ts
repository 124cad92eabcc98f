import { AUTH_ERRORS } from '@core/auth/texts';
import { ApiError } from '@/lib/api-client';

/** The text for any login error the server does not explain (docs/accounts.md, "In the web app"). */
export const DEFAULT_LOGIN_ERROR = "We're having some trouble logging you in. Please try again later.";

/**
 * What the sign-in, sign-up and Discord pages show for a failed call (docs/accounts.md, "In the web app"). The server's
 * account messages are the spec's texts, so they are shown as they come; a try-limit message always reads
 * the spec's text (without the number of tries); network failures, gateway refusals and unhandled server
 * errors (whose messages are not for users) get the default text (or the given fallback).
 */
export function accountErrorMessage(error: unknown, fallback: string = DEFAULT_LOGIN_ERROR): string {
  if (!(error instanceof ApiError)) return fallback;
  const [first] = error.errors;
  const message = first?.message.trim() ?? '';
  if (/try limit/i.test(message)) return AUTH_ERRORS.tryLimit;
  const explained = first?.errorType && first.errorType !== 'Lambda:Unhandled' && !first.errorType.endsWith('Exception');
  return explained && message ? message : fallback;
}
