import { sessionTokenProvider, setSessionTokenSource } from './session-tokens';

const jwt = (payload: object) =>
  `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('sessionTokenProvider', () => {
  afterEach(() => setSessionTokenSource(null));

  it('answers null (signed out) until a session is installed', async () => {
    await expect(sessionTokenProvider.getTokens()).resolves.toBeNull();
  });

  it("hands Amplify the installed session's tokens, decoded, and passes forceRefresh through", async () => {
    const accessToken = jwt({ sub: 'u1', token_use: 'access' });
    const idToken = jwt({ sub: 'u1', token_use: 'id', 'cognito:groups': ['COACH'] });
    const getTokens = jest.fn(async () => ({ accessToken, idToken }));
    setSessionTokenSource({ getTokens });

    const tokens = await sessionTokenProvider.getTokens({ forceRefresh: true });
    expect(getTokens).toHaveBeenCalledWith({ forceRefresh: true });
    expect(tokens?.accessToken.toString()).toBe(accessToken);
    expect(tokens?.idToken?.payload['cognito:groups']).toEqual(['COACH']);

    setSessionTokenSource(null);
    await expect(sessionTokenProvider.getTokens()).resolves.toBeNull();
  });
});
