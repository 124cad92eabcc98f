import { ApiError, toApiError } from './api-client';

describe('toApiError', () => {
  it("keeps AppSync's errorType and message from Amplify's rejected { data, errors }", () => {
    const error = toApiError({ data: null, errors: [{ message: 'Not a member of this team', errorType: 'Unauthorized' }] });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Not a member of this team');
    expect(error.errorType).toBe('Unauthorized');
  });

  it('wraps network failures and plain errors without an errorType', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toMatchObject({ message: 'Failed to fetch', errorType: null });
    expect(toApiError({ errors: [{ message: 'Network error' }] }).errorType).toBeNull();
  });
});
