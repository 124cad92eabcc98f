import { AUTH_ERRORS } from '@core/auth/validation';
import { ApiError } from '@/lib/api-client';
import { accountErrorMessage, DEFAULT_LOGIN_ERROR } from './errors';

const apiError = (message: string, errorType: string | null) => new ApiError([{ message, errorType }]);

describe('accountErrorMessage (docs/accounts.md: sign-in, sign-up and the web app messages)', () => {
  it.each([
    ['Email not found', 'NotFound'],
    ['Wrong password. You still have 3 tries left.', 'Unauthorized'],
    ["You've signed up using Discord. Please use Discord to log back in.", 'Unauthorized'],
    ['Error logging in user. No discord ID found. Please sign up using Discord.', 'Unauthorized'],
    ['User not found. Please sign up', 'NotFound'],
    ['User with that email already exists. Please login.', 'Conflict'],
    ['Your account has been disabled. Please contact support.', 'Unauthorized'],
  ])('shows %j as it comes', (message, errorType) => {
    expect(accountErrorMessage(apiError(message, errorType))).toBe(message);
  });

  it('shows the try-limit text for any message that mentions the try limit', () => {
    expect(accountErrorMessage(apiError('Error logging in user. You have reached your try limit (5).', 'Unauthorized'))).toBe(AUTH_ERRORS.tryLimit);
  });

  it('falls back to the default text for network failures, gateway refusals and unhandled errors', () => {
    expect(accountErrorMessage(apiError('Failed to fetch', null))).toBe(DEFAULT_LOGIN_ERROR);
    expect(accountErrorMessage(apiError('You are not authorized to make this call.', 'UnauthorizedException'))).toBe(DEFAULT_LOGIN_ERROR);
    expect(accountErrorMessage(apiError("Cannot read properties of undefined (reading 'id')", 'Lambda:Unhandled'))).toBe(DEFAULT_LOGIN_ERROR);
    expect(accountErrorMessage(new TypeError('boom'))).toBe(DEFAULT_LOGIN_ERROR);
    expect(accountErrorMessage(apiError('', 'Unauthorized'))).toBe(DEFAULT_LOGIN_ERROR);
  });
});
