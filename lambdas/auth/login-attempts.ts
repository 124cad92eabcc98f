import { AUTH_ERRORS } from '@core/validation/auth';
import type { LoginAttempts } from '../lib/stores/login-attempt-store';

/** Wrong passwords allowed before the account is locked (docs/accounts.md). */
export const LOGIN_TRY_LIMIT = 5;
/** How long failures are remembered after the last one, and so how long a lock lasts. */
export const LOGIN_LOCK_SECONDS = 15 * 60;

export const isLockedOut = (attempts: LoginAttempts | null) => (attempts?.failures ?? 0) >= LOGIN_TRY_LIMIT;

/** Each failure keeps the count alive for the lock period from that failure on. */
export const failureExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + LOGIN_LOCK_SECONDS;

/** What a wrong password answers after `failures` failures in a row. */
export function wrongPasswordMessage(failures: number): string {
  const left = LOGIN_TRY_LIMIT - failures;
  return left > 0 ? AUTH_ERRORS.wrongPassword(left) : AUTH_ERRORS.tryLimit;
}
