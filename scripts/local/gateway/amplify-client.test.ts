/**
 * The gateway as the web app meets it: aws-amplify v6's GraphQL client, over HTTP and over its realtime
 * provider (subprotocol `header-...`, start with extensions.authorization, start_ack, ka, data).
 */
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { decodeJWT } from 'aws-amplify/auth';
import { connectedOnce, eventually, installAmplifyNodeGlobals } from '../../../tests/support/amplify-node';
import { logger } from '../../../lambdas/lib/appsync';
import { testApiOptions } from './test-api';
import { startGatewayServer, startTestIssuer, TEST_PUBLIC_TOKEN, TEST_CLIENT_ID, TEST_POOL_ID, type TestIssuer } from './test-kit';

let issuer: TestIssuer;
let api: Awaited<ReturnType<typeof startGatewayServer>>;
let tokens: { id: string; access: string };

beforeAll(async () => {
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  installAmplifyNodeGlobals();
  issuer = await startTestIssuer();
  api = await startGatewayServer({ ...testApiOptions, jwksUri: issuer.jwksUri });
  tokens = { id: issuer.sign({ sub: 'amy', tokenUse: 'id' }), access: issuer.sign({ sub: 'amy', tokenUse: 'access' }) };
  Amplify.configure(
    {
      Auth: { Cognito: { userPoolId: TEST_POOL_ID, userPoolClientId: TEST_CLIENT_ID } },
      API: { GraphQL: { endpoint: api.graphqlUrl, region: 'us-east-1', defaultAuthMode: 'lambda' } },
    },
    // cognito-local cannot do Amplify's SRP sign-in, so the web app hands Amplify its tokens the same way.
    { Auth: { tokenProvider: { getTokens: async () => ({ accessToken: decodeJWT(tokens.access), idToken: decodeJWT(tokens.id) }) } } },
  );
});

afterAll(async () => {
  await api.close();
  await issuer.close();
});

/** The web app's public calls: AppSync's Lambda mode with the site's public token. */
const publicClient = () => generateClient({ authMode: 'lambda', authToken: TEST_PUBLIC_TOKEN });

describe('aws-amplify v6 against the gateway', () => {
  it('queries with the public token', async () => {
    const client = publicClient();
    const result = await client.graphql({ query: '{ publicInfo { message } }' });
    expect(result).toMatchObject({ data: { publicInfo: { message: 'public' } } });
  });

  it('queries as the signed-in user (userPool sends the access token)', async () => {
    const client = generateClient({ authMode: 'userPool' });
    const result = await client.graphql({ query: '{ whoAmI }' });
    expect(result).toMatchObject({ data: { whoAmI: 'amy' } });
  });

  it('surfaces a field the public token may not read as a GraphQL error', async () => {
    const client = publicClient();
    await expect(client.graphql({ query: '{ whoAmI }' })).rejects.toMatchObject({
      errors: [expect.objectContaining({ message: 'Not Authorized to access whoAmI on type Query' })],
    });
  });

  it.each(['userPool', 'lambda'] as const)('receives a mutation through a %s subscription, filtered by its argument', async (authMode) => {
    const client = authMode === 'lambda' ? publicClient() : generateClient({ authMode });
    const board = `board-${authMode}`;
    const received: unknown[] = [];
    const failures: unknown[] = [];
    const ready = connectedOnce();
    const subscription = (
      client.graphql({
        query: 'subscription On($boardId: ID) { onNoteAdded(boardId: $boardId) { id boardId text } }',
        variables: { boardId: board },
      }) as unknown as { subscribe(observer: object): { unsubscribe(): void } }
    ).subscribe({ next: (event: unknown) => received.push(event), error: (error: unknown) => failures.push(error) });
    try {
      await ready;
      await client.graphql({ query: 'mutation { addNote(boardId: "elsewhere", text: "not for you") { id boardId text } }' });
      const result = (await client.graphql({
        query: 'mutation ($b: ID!) { addNote(boardId: $b, text: "hello subscribers") { id boardId text } }',
        variables: { b: board },
      })) as { data: { addNote: { id: string } } };

      await eventually(received);
      expect(failures).toEqual([]);
      expect(received).toEqual([
        expect.objectContaining({ data: { onNoteAdded: { id: result.data.addNote.id, boardId: board, text: 'hello subscribers' } } }),
      ]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('gives up on an expired token (connection_error is not retried)', async () => {
    const valid = tokens.access;
    tokens.access = issuer.sign({ sub: 'amy', tokenUse: 'access', expiresIn: -30 });
    try {
      // A client of its own endpoint (same server, by name): Amplify keeps one socket per endpoint, and the
      // socket the other tests opened is still authorized; this one must be refused at connection time.
      const client = generateClient({ authMode: 'userPool', endpoint: api.graphqlUrl.replace('127.0.0.1', 'localhost') });
      // As with AppSync's 401, Amplify names the error from the x-amzn-ErrorType header.
      const refused = await (client.graphql({ query: '{ whoAmI }' }) as Promise<unknown>).catch((error: unknown) => error);
      expect(refused).toMatchObject({ errors: [expect.objectContaining({ message: 'Unauthorized' })] });
      expect((refused as { errors: { originalError?: Error }[] }).errors[0].originalError?.name).toBe('UnauthorizedException');
      const failure = await new Promise((resolve) => {
        (client.graphql({ query: 'subscription { onNoteAdded { id } }' }) as unknown as { subscribe(observer: object): unknown }).subscribe({
          next: () => resolve('unexpected data'),
          error: resolve,
        });
      });
      expect(JSON.stringify(failure)).toContain('UnauthorizedException');
    } finally {
      tokens.access = valid;
    }
  });

  it('reports a subscription its Lambda refuses to the observer', async () => {
    // errorType "Unauthorized" makes Amplify drop the whole socket and reconnect (as it would against AppSync).
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = generateClient({ authMode: 'userPool' });
    const failure = await new Promise((resolve) => {
      (
        client.graphql({ query: 'subscription { onNoteAdded(boardId: "forbidden") { id } }' }) as unknown as {
          subscribe(observer: object): unknown;
        }
      ).subscribe({ next: () => resolve('unexpected data'), error: resolve });
    });
    expect(JSON.stringify(failure)).toContain('You cannot follow that board.');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('closing WebSocket to trigger reconnection'));
    warn.mockRestore();
  });
});
