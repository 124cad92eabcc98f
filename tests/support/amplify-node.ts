/**
 * Running the real aws-amplify v6 client in Node for tests, as the web app runs it in the browser.
 */
import { CONNECTION_STATE_CHANGE, ConnectionState } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import WebSocket from 'ws';

/** Node 20 has no global WebSocket; Amplify turns http:// into wss://, which local mode serves as ws:// (as the web app maps it). */
class LocalWebSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(String(url).replace(/^wss:/, 'ws:'), protocols);
  }
}

/** The setTimeout of Node itself, for waiting in tests after installAmplifyNodeGlobals. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Gives Amplify a WebSocket, and unrefs timers: Amplify arms a 15 s handshake timer per connection that it never
 * clears, which would hold the test process open. Both stay installed: each jest test file has its own globals.
 */
export function installAmplifyNodeGlobals(): void {
  (globalThis as { WebSocket?: unknown }).WebSocket = LocalWebSocket;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => realSetTimeout(...args).unref()) as typeof setTimeout;
}

/** Resolves once Amplify's realtime provider reports the subscription acknowledged. */
export function connectedOnce(): Promise<void> {
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

/** Waits until the list has an item, or five seconds pass. */
export async function eventually(received: unknown[]): Promise<void> {
  const deadline = Date.now() + 5000;
  while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => realSetTimeout(resolve, 20));
}
