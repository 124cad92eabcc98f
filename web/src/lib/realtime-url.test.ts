import { installPlainRealtimeWebSocket, toPlainRealtimeUrl } from './realtime-url';

describe('toPlainRealtimeUrl', () => {
  const endpoint = 'http://localhost:5173/graphql';

  it('turns the wss:// Amplify derives back into ws:// for a plain-http endpoint', () => {
    expect(toPlainRealtimeUrl('wss://localhost:5173/graphql/realtime?header=abc', endpoint)).toBe('ws://localhost:5173/graphql/realtime?header=abc');
    expect(toPlainRealtimeUrl('wss://127.0.0.1:4000/graphql/realtime', 'http://127.0.0.1:4000/graphql')).toBe('ws://127.0.0.1:4000/graphql/realtime');
  });

  it('leaves other hosts and https endpoints alone', () => {
    expect(toPlainRealtimeUrl('wss://example.com/graphql/realtime', endpoint)).toBe('wss://example.com/graphql/realtime');
    expect(toPlainRealtimeUrl('wss://localhost:5173/graphql/realtime', 'https://localhost:5173/graphql')).toBe(
      'wss://localhost:5173/graphql/realtime',
    );
  });
});

describe('installPlainRealtimeWebSocket', () => {
  it('makes new sockets on the target open the mapped address with the same subprotocols', () => {
    const opened: { url: string; protocols?: string | string[] }[] = [];
    class RecordingSocket {
      static readonly OPEN = 1;
      constructor(url: string | URL, protocols?: string | string[]) {
        opened.push({ url: String(url), protocols });
      }
    }
    const target = { WebSocket: RecordingSocket as unknown as typeof WebSocket };
    installPlainRealtimeWebSocket(target, 'http://localhost:5173/graphql');

    new target.WebSocket('wss://localhost:5173/graphql/realtime', ['graphql-ws', 'header-e30']);
    expect(opened).toEqual([{ url: 'ws://localhost:5173/graphql/realtime', protocols: ['graphql-ws', 'header-e30'] }]);
    expect(target.WebSocket.OPEN).toBe(1);
  });
});
