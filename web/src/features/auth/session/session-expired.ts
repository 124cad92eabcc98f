import type { ApiError } from '@/lib/api-client';

/**
 * A server message containing "jwt expired" triggers the session-expired handler (docs/accounts.md, "In the web app").
 * AppSync itself answers an expired token with UnauthorizedException "Token has expired.", which means the same.
 */
export function isSessionExpiredError(error: ApiError): boolean {
  return error.errors.some(
    (entry) => /jwt expired/i.test(entry.message) || (entry.errorType === 'UnauthorizedException' && /expired/i.test(entry.message)),
  );
}

/**
 * The refresh mutation's own refusals (revoked or expired refresh token, account gone or disabled) come
 * back as typed resolver errors; network trouble and unhandled server errors have no type and are retried.
 */
export function isRefreshRefusal(error: unknown): boolean {
  const errorType = (error as Partial<ApiError> | null)?.errorType;
  return typeof errorType === 'string' && errorType !== 'Lambda:Unhandled';
}
