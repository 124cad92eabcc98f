import { ApiError } from '@/lib/api-client';
import { isRefreshRefusal, isSessionExpiredError } from './session-expired';

const apiError = (message: string, errorType: string | null) => new ApiError([{ message, errorType }]);

it('recognises the spec\'s "jwt expired" message and AppSync\'s expired-token answer', () => {
  expect(isSessionExpiredError(apiError('Error: jwt expired', null))).toBe(true);
  expect(isSessionExpiredError(apiError('Token has expired.', 'UnauthorizedException'))).toBe(true);
  expect(isSessionExpiredError(apiError('Your session has expired. Please sign in again.', 'Unauthorized'))).toBe(false);
  expect(isSessionExpiredError(apiError('Not a member of this team', 'Unauthorized'))).toBe(false);
});

it('treats typed resolver errors as refusals and network or unhandled failures as worth a retry', () => {
  expect(isRefreshRefusal(apiError('User not found. Please sign up', 'NotFound'))).toBe(true);
  expect(isRefreshRefusal(apiError('Your session has expired. Please sign in again.', 'Unauthorized'))).toBe(true);
  expect(isRefreshRefusal(apiError('Failed to fetch', null))).toBe(false);
  expect(isRefreshRefusal(apiError('boom', 'Lambda:Unhandled'))).toBe(false);
  expect(isRefreshRefusal(new Error('x'))).toBe(false);
});
