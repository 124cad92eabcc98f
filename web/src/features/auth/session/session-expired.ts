import type { ApiError } from '@/lib/api-client';

/**
 * The refresh mutation's own refusals (revoked or expired refresh token, account gone or disabled) come
 * back as typed resolver errors; network trouble and unhandled server errors have no type and are retried.
 */
export function isRefreshRefusal(error: unknown): boolean {
  const errorType = (error as Partial<ApiError> | null)?.errorType;
  return typeof errorType === 'string' && errorType !== 'Lambda:Unhandled';
}
