import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { lowerCaseKeys, type Authenticate, type HeaderMap, type Principal } from './auth';
import { TypedError, UnauthorizedException } from './errors';
import { requestInfoOf, type RequestInfo } from './event';
import type { Subscriber, SubscriptionHub } from './subscriptions';
import type { StartSubscription } from './subscribe';

const REALTIME_PATH = '/graphql/realtime';
/** What AppSync announces in connection_ack: the longest a client should wait between two `ka` messages. */
const CONNECTION_TIMEOUT_MS = 300_000;

interface RealtimeDeps {
  authenticate: Authenticate;
  hub: SubscriptionHub;
  startSubscription: StartSubscription;
  keepAliveMs: number;
}

function decodeHeader(encoded: string): HeaderMap | null {
  try {
    // Node's base64 decoder reads both alphabets, so Amplify v6's base64url and older clients' base64 both work.
    const json: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    return json && typeof json === 'object' && !Array.isArray(json) ? lowerCaseKeys(json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The auth headers of a realtime connection: Amplify v6 sends them in a `header-<base64url(JSON)>` subprotocol,
 * older clients in `?header=<base64(JSON)>&payload=e30=`. Null when they cannot be read.
 */
function connectionHeaders(req: IncomingMessage): HeaderMap | null {
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim());
  const fromProtocol = protocols.find((protocol) => protocol.startsWith('header-'))?.slice('header-'.length);
  // An unescaped "+" in the query reads as a space.
  const fromQuery = new URL(req.url ?? '/', 'http://localhost').searchParams.get('header')?.replace(/ /g, '+');
  const encoded = fromProtocol || fromQuery;
  return encoded ? decodeHeader(encoded) : {};
}

function errorPayload(error: unknown) {
  const typed = error instanceof TypedError ? error : new TypedError('InternalFailure', (error as Error)?.message ?? String(error));
  return { errors: [{ errorType: typed.errorType, message: typed.message }] };
}

/** One client socket: the connection handshake, its subscriptions and its keep-alive. */
class Connection {
  private readonly subscriptions = new Map<string, Subscriber>();
  private readonly principal: Promise<Principal>;
  private readonly request: RequestInfo;
  private queue: Promise<void> = Promise.resolve();
  private keepAlive?: NodeJS.Timeout;
  /** Set on close: a start or connection_init still queued then must not register anything. */
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    req: IncomingMessage,
    private readonly deps: RealtimeDeps,
  ) {
    const headers = connectionHeaders(req);
    this.request = requestInfoOf({ ...lowerCaseKeys(req.headers), ...headers }, req.socket);
    this.principal = headers ? deps.authenticate(headers) : Promise.reject(new UnauthorizedException('The connection header could not be read.'));
    this.principal.catch(() => undefined); // answered as connection_error on the client's first message
    ws.on('message', (data) => {
      // One message at a time, so a stop never overtakes the start it ends.
      this.queue = this.queue.then(() => this.handle(data)).catch((error: unknown) => this.send({ type: 'error', payload: errorPayload(error) }));
    });
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
  }

  send(message: object): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  dispose(): void {
    this.closed = true;
    clearInterval(this.keepAlive);
    for (const subscriber of this.subscriptions.values()) this.deps.hub.remove(subscriber);
    this.subscriptions.clear();
  }

  terminate(): void {
    this.dispose();
    this.ws.terminate();
  }

  private async handle(data: RawData): Promise<void> {
    if (this.closed) return;
    let principal: Principal;
    try {
      principal = await this.principal;
    } catch (error) {
      this.send({ type: 'connection_error', payload: { errors: [{ ...errorPayload(error).errors[0], errorCode: 401 }] } });
      this.ws.close(1000, 'Unauthorized');
      return;
    }
    let message: { type?: unknown; id?: unknown; payload?: unknown };
    try {
      message = JSON.parse(data.toString());
    } catch {
      throw new TypedError('UnsupportedOperation', 'Messages must be JSON.');
    }
    switch (message.type) {
      case 'connection_init':
        if (this.closed) return; // closed while its token was being checked
        this.send({ type: 'connection_ack', payload: { connectionTimeoutMs: CONNECTION_TIMEOUT_MS } });
        this.send({ type: 'ka' });
        clearInterval(this.keepAlive);
        this.keepAlive = setInterval(() => this.send({ type: 'ka' }), this.deps.keepAliveMs);
        return;
      case 'start':
        return this.start(String(message.id ?? ''), message.payload, principal);
      case 'stop':
        return this.stop(String(message.id ?? ''));
      default:
        throw new TypedError('UnsupportedOperation', `${String(message.type)} not supported through the realtime channel`);
    }
  }

  private async start(id: string, payload: unknown, connectionPrincipal: Principal): Promise<void> {
    try {
      if (!id) throw new TypedError('BadRequestException', 'A start message needs an id.');
      if (this.subscriptions.has(id)) throw new TypedError('BadRequestException', `Subscription ${id} is already started.`);
      const subscriber = await this.deps.startSubscription({
        id,
        payload,
        connectionPrincipal,
        request: this.request,
        send: (message) => this.send(message),
      });
      // A client that leaves while its start is being authorized leaves nothing registered behind.
      if (this.closed) return;
      this.subscriptions.set(id, subscriber);
      this.deps.hub.add(subscriber);
      this.send({ type: 'start_ack', id });
    } catch (error) {
      this.send({ type: 'error', id, payload: errorPayload(error) });
    }
  }

  private stop(id: string): void {
    const subscriber = this.subscriptions.get(id);
    if (subscriber) this.deps.hub.remove(subscriber);
    this.subscriptions.delete(id);
    this.send({ type: 'complete', id });
  }
}

/** AppSync's realtime endpoint (protocol "graphql-ws", AppSync flavour) at /graphql/realtime. */
export interface RealtimeCounts {
  /** Realtime sockets open now. */
  sockets: number;
  /** Subscriptions registered for delivery now, over all sockets. */
  subscriptions: number;
}

export function createRealtime(deps: RealtimeDeps) {
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has('graphql-ws') ? 'graphql-ws' : false),
  });
  const connections = new Set<Connection>();

  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      if ((req.url ?? '').split('?')[0] !== REALTIME_PATH) return false;
      wss.handleUpgrade(req, socket, head, (ws) => {
        const connection = new Connection(ws, req, deps);
        connections.add(connection);
        ws.on('close', () => connections.delete(connection));
      });
      return true;
    },
    /** What is held open now; both return to zero once every client has gone (bench/soak checks it). */
    counts(): RealtimeCounts {
      return { sockets: connections.size, subscriptions: deps.hub.size };
    },
    close(): Promise<void> {
      for (const connection of connections) connection.terminate();
      connections.clear();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
