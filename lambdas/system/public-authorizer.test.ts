import type { AppSyncAuthorizerEvent } from 'aws-lambda';
import { handler, PUBLIC_TOKEN_CACHE_SECONDS } from './public-authorizer';

const DEPLOYMENT_TOKEN = 'fitgauge-public-6f1c2d3e-4a5b-11ef-9c8d-0a1b2c3d4e5f';

const ask = (authorizationToken: string) =>
  handler({
    authorizationToken,
    requestContext: { apiId: 'api', accountId: '000000000000', requestId: 'r1', queryString: '', variables: {} },
    requestHeaders: {},
  } as AppSyncAuthorizerEvent);

beforeAll(() => {
  process.env.PUBLIC_API_TOKEN = DEPLOYMENT_TOKEN;
});

describe('the public authorizer', () => {
  it("admits the deployment's own public token, cached by AppSync for an hour", async () => {
    await expect(ask(DEPLOYMENT_TOKEN)).resolves.toEqual({ isAuthorized: true, ttlOverride: PUBLIC_TOKEN_CACHE_SECONDS });
  });

  it.each([
    ['a made-up token of the same shape', 'fitgauge-public-00000000-0000-0000-0000-000000000000'],
    ["another deployment's token", 'fitgauge-public-local'],
    ['the token with something after it', `${DEPLOYMENT_TOKEN}x`],
    ['a prefix of the token', DEPLOYMENT_TOKEN.slice(0, -1)],
    ['nothing', ''],
  ])('refuses %s', async (_label, token) => {
    await expect(ask(token)).resolves.toMatchObject({ isAuthorized: false });
  });
});
