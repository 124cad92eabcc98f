import { RESET_CODE_LENGTH } from '@core/auth/validation';
import { hashOneTimeCode, newCodeSalt, newDigitCode, oneTimeCodeMatches } from '../lib/one-time-codes';
import type { ResetCodeRecord } from './reset-code-store';

/** How long a password-reset code works, and how many guesses are ever checked against it (docs/accounts.md). */
export const RESET_CODE_TTL_SECONDS = 15 * 60;
export const RESET_CODE_MAX_ATTEMPTS = 5;

/** A uniformly random 6-digit code from the cryptographic source. */
export function newResetCode(): string {
  return newDigitCode(RESET_CODE_LENGTH);
}

/** Only this keyed hash is stored; the salt is per code, and the account id binds the code to its account. */
export function hashResetCode(userId: string, code: string, salt: string): string {
  return hashOneTimeCode(userId, code, salt);
}

export function issueResetCode(userId: string, now: Date, code = newResetCode()): { code: string; record: ResetCodeRecord } {
  const salt = newCodeSalt();
  return {
    code,
    record: {
      userId,
      codeHash: hashResetCode(userId, code, salt),
      salt,
      attempts: 0,
      expiresAt: Math.floor(now.getTime() / 1000) + RESET_CODE_TTL_SECONDS,
      createdAt: now.toISOString(),
    },
  };
}

/** True when `code` is the one `record` holds (constant-time compare). Expiry and guess counts are the store's. */
export function matchesResetCode(record: ResetCodeRecord, code: string): boolean {
  return oneTimeCodeMatches(record.codeHash, record.userId, code, record.salt);
}
