/**
 * Test support for the gateway's own tests: a signing key with a JWKS server, Cognito-shaped tokens, the
 * gateway mounted on a throwaway http server, and a small realtime client. Not used by the running stack.
 */
import { createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { SignOutStore } from '../../../lambdas/lib/stores/sign-out-store';
import { createGateway, type Gateway, type GatewayOptions } from './index';

export const TEST_POOL_ID = 'us-east-1_TestPool1';
export const TEST_CLIENT_ID = 'test-client-id';
export const TEST_PUBLIC_TOKEN = 'fitgauge-public-test';
export const TEST_ISSUER = `https://cognito-idp.us-east-1.amazonaws.com/${TEST_POOL_ID}`;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

interface TokenOptions {
  tokenUse?: 'id' | 'access';
  sub?: string;
  username?: string;
  groups?: string[];
  /** Seconds until expiry; negative for an expired token. */
  expiresIn?: number;
  clientId?: string;
  issuer?: string;
  /** Sign with a key the JWKS does not hold (same kid): a forged signature. */
  signWith?: KeyObject;
}

/** A stand-in for the local user pool's keys: serves a JWKS and signs tokens shaped like Cognito's. */
export async function startTestIssuer() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key-1';
  const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] };
  const server = createServer((req, res) => {
    if (req.url === `/${TEST_POOL_ID}/.well-known/jwks.json`) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
    else res.writeHead(404).end();
  });
  const port = await listen(server);

  const sign = (options: TokenOptions = {}): string => {
    const now = Math.floor(Date.now() / 1000);
    const { tokenUse = 'id', sub = randomUUID(), username = sub, groups, expiresIn = 3600 } = options;
    const clientId = options.clientId ?? TEST_CLIENT_ID;
    const common = {
      sub,
      iss: options.issuer ?? TEST_ISSUER,
      token_use: tokenUse,
      auth_time: now - 10,
      iat: now - 10,
      exp: now + expiresIn,
      jti: randomUUID(),
      origin_jti: randomUUID(),
      event_id: randomUUID(),
      ...(groups ? { 'cognito:groups': groups } : {}),
    };
    const payload =
      tokenUse === 'id'
        ? { ...common, aud: clientId, 'cognito:username': username, email: `${username}@example.com`, email_verified: true }
        : { ...common, client_id: clientId, username, scope: 'aws.cognito.signin.user.admin' };
    const unsigned = `${base64url(JSON.stringify({ kid, alg: 'RS256' }))}.${base64url(JSON.stringify(payload))}`;
    const signature = createSign('RSA-SHA256')
      .update(unsigned)
      .sign(options.signWith ?? privateKey);
    return `${unsigned}.${base64url(signature)}`;
  };

  return { jwksUri: `http://127.0.0.1:${port}/${TEST_POOL_ID}/.well-known/jwks.json`, sign, close: () => stop(server) };
}

export type TestIssuer = Awaited<ReturnType<typeof startTestIssuer>>;

/** A sign-out record with no sign-outs, for gateways without a table. */
const nobodySignedOut: SignOutStore = { signedOutAt: async () => null, signOut: async () => undefined };

/** The gateway mounted on its own http server, as the local stack mounts it. */
export async function startGatewayServer(options: Omit<GatewayOptions, 'userPoolId' | 'userPoolClientId'> & Partial<GatewayOptions>) {
  const gateway: Gateway = await createGateway({
    userPoolId: TEST_POOL_ID,
    userPoolClientId: TEST_CLIENT_ID,
    // The public mode's authorizer, as lambdas/system/public-authorizer.ts answers with PUBLIC_API_TOKEN set.
    authorizer: async ({ authorizationToken }) => ({ isAuthorized: authorizationToken === TEST_PUBLIC_TOKEN }),
    signOuts: nobodySignedOut,
    ...options,
  });
  const server = createServer((req, res) => {
    if (!gateway.handleRequest(req, res)) res.writeHead(404).end('not the gateway');
  });
  server.on('upgrade', (req, socket, head) => {
    if (!gateway.handleUpgrade(req, socket, head)) socket.destroy();
  });
  const port = await listen(server);
  const origin = `127.0.0.1:${port}`;

  /** POST /graphql with the given auth headers. */
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };

  return {
    origin,
    graphqlUrl: `http://${origin}/graphql`,
    realtimeUrl: `ws://${origin}/graphql/realtime`,
    post,
    close: async () => {
      await gateway.close();
      await stop(server);
    },
  };
}

const encodeHeader = (header: object) => Buffer.from(JSON.stringify(header)).toString('base64url');

/** A raw realtime client that queues what the server sends. */
export class RealtimeClient {
  readonly messages: any[] = [];
  closed = false;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()));
      this.wake();
    });
    ws.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Connects with Amplify v6's style (`header-` subprotocol) or the older `?header=&payload=e30=` style. */
  static async connect(url: string, header: object, style: 'subprotocol' | 'query' = 'subprotocol'): Promise<RealtimeClient> {
    const ws =
      style === 'subprotocol'
        ? new WebSocket(url, ['graphql-ws', `header-${encodeHeader(header)}`])
        : new WebSocket(`${url}?header=${Buffer.from(JSON.stringify(header)).toString('base64')}&payload=e30=`, ['graphql-ws']);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RealtimeClient(ws);
  }

  send(message: object) {
    this.ws.send(JSON.stringify(message));
  }

  /** Removes and returns the first queued message that matches, waiting up to `timeoutMs` for it. */
  async next(match: (message: any) => boolean = () => true, timeoutMs = 5000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex(match);
      if (index >= 0) return this.messages.splice(index, 1)[0];
      if (this.closed) throw new Error(`socket closed; unmatched messages: ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitClosed(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket stayed open');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close() {
    this.ws.close();
  }
}
