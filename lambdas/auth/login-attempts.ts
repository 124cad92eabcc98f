import { AUTH_ERRORS } from '@core/auth/validation';

/** Password checks allowed before the account is locked (docs/accounts.md). */
export const LOGIN_TRY_LIMIT = 5;
/** How long tries are remembered after the last one, and so how long a lock lasts. */
export const LOGIN_LOCK_SECONDS = 15 * 60;

/**
 * A refused sign-in never answers sooner (a wrong password takes one Cognito call, about 250 ms locally; an unknown
 * e-mail none), so the time does not tell them apart (docs/accounts.md).
 */
export const LOGIN_REFUSAL_MIN_MS = 400;

/** Each try keeps the count alive for the lock period from that try on. */
export const tryExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + LOGIN_LOCK_SECONDS;

/** What a wrong password answers when it was try number `tries` of the count. */
export function wrongPasswordMessage(tries: number): string {
  const left = LOGIN_TRY_LIMIT - tries;
  return left > 0 ? AUTH_ERRORS.wrongPassword(left) : AUTH_ERRORS.tryLimit;
}
