import { ApiError } from '@/lib/api-client';
import { isRefreshRefusal } from './session-expired';

const apiError = (message: string, errorType: string | null) => new ApiError([{ message, errorType }]);

it('treats typed resolver errors as refusals and network or unhandled failures as worth a retry', () => {
  expect(isRefreshRefusal(apiError('User not found. Please sign up', 'NotFound'))).toBe(true);
  expect(isRefreshRefusal(apiError('Your session has expired. Please sign in again.', 'Unauthorized'))).toBe(true);
  expect(isRefreshRefusal(apiError('Failed to fetch', null))).toBe(false);
  expect(isRefreshRefusal(apiError('boom', 'Lambda:Unhandled'))).toBe(false);
  expect(isRefreshRefusal(new Error('x'))).toBe(false);
});
