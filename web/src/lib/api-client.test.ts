const graphql = jest.fn();
const configureAmplify = jest.fn();
jest.mock('aws-amplify/api', () => ({ generateClient: () => ({ graphql }) }));
jest.mock('./amplify', () => ({ configureAmplify }));
// Required after the mocks: the test transform does not hoist jest.mock above imports.
const { ApiError, callApi, onApiError, toApiError } = require('./api-client') as typeof import('./api-client');
/** A document typed by hand: these tests send made-up operations, which `npm run codegen` does not read (test files). */
const operation = <TData>(document: string) => document as import('./api-client').Operation<TData, object>;
const { loadRuntimeConfig } = require('@/config/runtime-config') as typeof import('@/config/runtime-config');

const runtimeConfig = {
  mode: 'aws',
  region: 'us-east-1',
  graphqlEndpoint: 'https://api.example.com/graphql',
  publicToken: 'fitgauge-public-key',
  userPoolId: 'us-east-1_Pool',
  userPoolClientId: 'client',
};

describe('loading the API client on the first call', () => {
  it('refuses a call made before the endpoints are known, then configures Amplify once for all later calls', async () => {
    const query = operation<{ health: string }>('query { health }');
    await expect(callApi(query)).rejects.toMatchObject({ message: 'runtime config read before loadRuntimeConfig() finished' });
    expect(configureAmplify).not.toHaveBeenCalled();

    await loadRuntimeConfig(async () => new Response(JSON.stringify(runtimeConfig)));
    graphql.mockResolvedValue({ data: { health: 'ok' } });
    await expect(Promise.all([callApi(query), callApi(query)])).resolves.toEqual([{ health: 'ok' }, { health: 'ok' }]);
    await expect(callApi(query)).resolves.toEqual({ health: 'ok' });
    expect(configureAmplify).toHaveBeenCalledTimes(1);
    expect(configureAmplify).toHaveBeenCalledWith(runtimeConfig);
  });

  it("sends public calls in AppSync's Lambda mode with the site's public token, and others with the user's token", async () => {
    await loadRuntimeConfig(async () => new Response(JSON.stringify(runtimeConfig)));
    graphql.mockResolvedValue({ data: { health: 'ok' } });
    const query = operation<{ health: string }>('query { health }');
    await callApi(query, {}, { authMode: 'public' });
    expect(graphql).toHaveBeenLastCalledWith(expect.objectContaining({ authMode: 'lambda', authToken: 'fitgauge-public-key' }));
    await callApi(query);
    expect(graphql.mock.lastCall?.[0]).not.toHaveProperty('authToken');
  });
});

describe('toApiError', () => {
  it("keeps AppSync's errorType and message from Amplify's rejected { data, errors }", () => {
    const error = toApiError({ data: null, errors: [{ message: 'Not a member of this team', errorType: 'Unauthorized' }] });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Not a member of this team');
    expect(error.errorType).toBe('Unauthorized');
  });

  it('wraps network failures and plain errors without an errorType', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toMatchObject({ message: 'Failed to fetch', errorType: null, transport: 'network' });
    expect(toApiError({ errors: [{ message: 'Network error' }] }).errorType).toBeNull();
    expect(toApiError(new Error('boom')).transport).toBeNull();
  });

  it("tells from Amplify's wrapped error whether the request got no answer, or an HTTP error status, or a GraphQL answer", () => {
    const networkError = Object.assign(new Error('A network error has occurred.'), { name: 'NetworkError' });
    expect(toApiError({ data: {}, errors: [{ message: networkError.message, originalError: networkError }] }).transport).toBe('network');
    const unavailable = Object.assign(new Error('Unknown error'), { name: 'UnknownError', $metadata: { httpStatusCode: 503 } });
    expect(toApiError({ data: {}, errors: [{ message: 'Unknown error', originalError: unavailable }] }).transport).toBe(503);
    expect(toApiError({ data: null, errors: [{ message: 'Not a member of this team', errorType: 'Unauthorized' }] }).transport).toBeNull();
  });
});

describe('onApiError', () => {
  it('tells listeners about every failed call (how the session hears of an expired token), until unsubscribed', async () => {
    const heard: InstanceType<typeof ApiError>[] = [];
    const stop = onApiError((error) => heard.push(error));
    graphql.mockRejectedValueOnce({ data: null, errors: [{ message: 'Token has expired.', errorType: 'UnauthorizedException' }] });
    const query = operation<{ me: null }>('query { me { id } }');
    await expect(callApi(query)).rejects.toMatchObject({ message: 'Token has expired.' });
    expect(heard.map((error) => error.errorType)).toEqual(['UnauthorizedException']);

    stop();
    graphql.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi(query)).rejects.toBeInstanceOf(ApiError);
    expect(heard).toHaveLength(1);
  });
});

describe('a refused token', () => {
  const { setSessionTokenSource } = require('./session-tokens') as typeof import('./session-tokens');
  const query = operation<{ me: { id: string } }>('query { me { id } }');
  /** Amplify's answer to a 401: "Unauthorized", its original error named from the x-amzn-ErrorType header. */
  const unauthorized = () => ({
    data: {},
    errors: [{ message: 'Unauthorized', originalError: Object.assign(new Error('x'), { name: 'UnauthorizedException' }) }],
  });
  afterEach(() => setSessionTokenSource(null));

  it('renews the session and sends the call once more', async () => {
    const getTokens = jest.fn(async () => ({ accessToken: 'a', idToken: 'i' }));
    setSessionTokenSource({ getTokens });
    graphql.mockRejectedValueOnce(unauthorized()).mockResolvedValueOnce({ data: { me: { id: 'u1' } } });
    await expect(callApi(query)).resolves.toEqual({ me: { id: 'u1' } });
    expect(getTokens).toHaveBeenCalledWith({ forceRefresh: true });
  });

  it('goes to the caller when the session cannot be renewed, or the call is refused again, and only once', async () => {
    setSessionTokenSource({ getTokens: async () => null });
    graphql.mockRejectedValueOnce(unauthorized());
    await expect(callApi(query)).rejects.toMatchObject({ message: 'Unauthorized', errorType: 'UnauthorizedException' });

    setSessionTokenSource({ getTokens: async () => ({ accessToken: 'a', idToken: 'i' }) });
    graphql.mockClear().mockRejectedValue(unauthorized());
    await expect(callApi(query)).rejects.toMatchObject({ errorType: 'UnauthorizedException' });
    expect(graphql).toHaveBeenCalledTimes(2);
    graphql.mockReset();
  });

  it("leaves the product's own refusals and public calls alone", async () => {
    const getTokens = jest.fn(async () => ({ accessToken: 'a', idToken: 'i' }));
    setSessionTokenSource({ getTokens });
    graphql.mockRejectedValueOnce({ data: null, errors: [{ message: 'Not a member of this team', errorType: 'Unauthorized' }] });
    await expect(callApi(query)).rejects.toMatchObject({ errorType: 'Unauthorized' });
    graphql.mockRejectedValueOnce(unauthorized());
    await expect(callApi(query, {}, { authMode: 'public' })).rejects.toMatchObject({ errorType: 'UnauthorizedException' });
    expect(getTokens).not.toHaveBeenCalled();
  });
});
