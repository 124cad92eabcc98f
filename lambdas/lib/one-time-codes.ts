/**
 * Mailed one-time codes (a password reset, a mailbox proof): the code, and the keyed hash that is all the table keeps
 * of it. Each code has its own salt; `boundTo` (the account, and what the code proves) binds the hash to it.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A uniformly random code of `length` digits from the cryptographic source. */
export function newDigitCode(length: number): string {
  return randomInt(0, 10 ** length)
    .toString()
    .padStart(length, '0');
}

export const newCodeSalt = (): string => randomBytes(16).toString('base64url');

/** HMAC-SHA256 with the code's salt over `<boundTo>:<code>`. */
export function hashOneTimeCode(boundTo: string, code: string, salt: string): string {
  return createHmac('sha256', Buffer.from(salt, 'base64url')).update(`${boundTo}:${code}`).digest('base64url');
}

/** True when `code` is the one hashed as `codeHash` (constant-time compare). */
export function oneTimeCodeMatches(codeHash: string, boundTo: string, code: string, salt: string): boolean {
  const given = Buffer.from(hashOneTimeCode(boundTo, code, salt));
  const expected = Buffer.from(codeHash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
