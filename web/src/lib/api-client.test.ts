const graphql = jest.fn();
jest.mock('aws-amplify/api', () => ({ generateClient: () => ({ graphql }) }));
// Required after the mock: the test transform does not hoist jest.mock above imports.
const { ApiError, callApi, gqlOperation, onApiError, toApiError } = require('./api-client') as typeof import('./api-client');

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

describe('onApiError', () => {
  it('tells listeners about every failed call (how the session hears of an expired token), until unsubscribed', async () => {
    const heard: InstanceType<typeof ApiError>[] = [];
    const stop = onApiError((error) => heard.push(error));
    graphql.mockRejectedValueOnce({ data: null, errors: [{ message: 'Token has expired.', errorType: 'UnauthorizedException' }] });
    const query = gqlOperation<{ me: null }>('query { me { id } }');
    await expect(callApi(query)).rejects.toMatchObject({ message: 'Token has expired.' });
    expect(heard.map((error) => error.errorType)).toEqual(['UnauthorizedException']);

    stop();
    graphql.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi(query)).rejects.toBeInstanceOf(ApiError);
    expect(heard).toHaveLength(1);
  });
});
