/**
 * Amplify v6 derives the realtime address from the GraphQL endpoint and always picks wss://.
 * The local gateway listens on plain http, so in local mode the socket must use ws:// for that same host.
 */
export function toPlainRealtimeUrl(url: string | URL, graphqlEndpoint: string): string {
  const socketUrl = new URL(String(url));
  const endpoint = new URL(graphqlEndpoint);
  if (endpoint.protocol === 'http:' && socketUrl.protocol === 'wss:' && socketUrl.host === endpoint.host) {
    socketUrl.protocol = 'ws:';
  }
  return socketUrl.toString();
}

/** Replaces the window's WebSocket with one that applies toPlainRealtimeUrl; install before Amplify connects. */
export function installPlainRealtimeWebSocket(target: { WebSocket: typeof WebSocket }, graphqlEndpoint: string): void {
  const NativeWebSocket = target.WebSocket;
  class PlainRealtimeWebSocket extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(toPlainRealtimeUrl(url, graphqlEndpoint), protocols);
    }
  }
  target.WebSocket = PlainRealtimeWebSocket;
}
