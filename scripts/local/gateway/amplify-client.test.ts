/**
 * The gateway as the web app meets it: aws-amplify v6's GraphQL client, over HTTP and over its realtime
 * provider (subprotocol `header-...`, start with extensions.authorization, start_ack, ka, data).
 */
import { Amplify } from 'aws-amplify';
import { CONNECTION_STATE_CHANGE, ConnectionState, generateClient } from 'aws-amplify/api';
import { decodeJWT } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import WebSocket from 'ws';
import { logger } from '../../../lambdas/lib/appsync';
import { testApiOptions } from './test-api';
import { startGatewayServer, startTestIssuer, TEST_API_KEY, TEST_CLIENT_ID, TEST_POOL_ID, type TestIssuer } from './test-kit';

/** Node 20 has no global WebSocket; Amplify turns http:// into wss://, which the local stack serves as ws:// (as the web app maps it). */
class LocalWebSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(String(url).replace(/^wss:/, 'ws:'), protocols);
  }
}

let issuer: TestIssuer;
let api: Awaited<ReturnType<typeof startGatewayServer>>;
let tokens: { id: string; access: string };
const originalSetTimeout = globalThis.setTimeout;

beforeAll(async () => {
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  (globalThis as { WebSocket?: unknown }).WebSocket = LocalWebSocket;
  // Amplify arms a 15 s handshake timer per connection and never clears it: keep it from holding the process open.
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => originalSetTimeout(...args).unref()) as typeof setTimeout;
  issuer = await startTestIssuer();
  api = await startGatewayServer({ ...testApiOptions, jwksUri: issuer.jwksUri });
  tokens = { id: issuer.sign({ sub: 'amy', tokenUse: 'id' }), access: issuer.sign({ sub: 'amy', tokenUse: 'access' }) };
  Amplify.configure(
    {
      Auth: { Cognito: { userPoolId: TEST_POOL_ID, userPoolClientId: TEST_CLIENT_ID } },
      API: { GraphQL: { endpoint: api.graphqlUrl, region: 'us-east-1', defaultAuthMode: 'apiKey', apiKey: TEST_API_KEY } },
    },
    // cognito-local cannot do Amplify's SRP sign-in, so the web app hands Amplify its tokens the same way.
    { Auth: { tokenProvider: { getTokens: async () => ({ accessToken: decodeJWT(tokens.access), idToken: decodeJWT(tokens.id) }) } } },
  );
});

afterAll(async () => {
  await api.close();
  await issuer.close();
  // WebSocket and setTimeout stay replaced: Amplify may still touch them, and each test file has its own globals.
});

/** Resolves once Amplify's realtime provider reports the subscription acknowledged. */
function connectedOnce(): Promise<void> {
  return new Promise((resolve) => {
    const stop = Hub.listen('api', ({ payload }) => {
      const data = payload.data as { connectionState?: string } | undefined;
      if (payload.event === CONNECTION_STATE_CHANGE && data?.connectionState === ConnectionState.Connected) {
        stop();
        resolve();
      }
    });
  });
}

describe('aws-amplify v6 against the gateway', () => {
  it('queries with the API key', async () => {
    const client = generateClient();
    const result = await client.graphql({ query: '{ publicInfo { message } }' });
    expect(result).toMatchObject({ data: { publicInfo: { message: 'public' } } });
  });

  it('queries as the signed-in user (userPool sends the access token)', async () => {
    const client = generateClient({ authMode: 'userPool' });
    const result = await client.graphql({ query: '{ whoAmI }' });
    expect(result).toMatchObject({ data: { whoAmI: 'amy' } });
  });

  it('surfaces a field the API key may not read as a GraphQL error', async () => {
    const client = generateClient();
    await expect(client.graphql({ query: '{ whoAmI }' })).rejects.toMatchObject({
      errors: [expect.objectContaining({ message: 'Not Authorized to access whoAmI on type Query' })],
    });
  });

  it.each(['userPool', 'apiKey'] as const)('receives a mutation through a %s subscription, filtered by its argument', async (authMode) => {
    const client = generateClient({ authMode });
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

      const deadline = Date.now() + 5000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
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
