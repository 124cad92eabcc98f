import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_STORE_URL, PLAY_STORE_URL } from '@core/store-link';
import { createHttpEndpoints } from './http-endpoints';

// The endpoints of lambdas/triggers.ts as the local stack serves them: the production handler behind a real server.
let server: Server;
let base: string;

beforeAll(async () => {
  const endpoints = createHttpEndpoints();
  server = createServer((req, res) => {
    if (!endpoints.handleRequest(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const storeLink = (userAgent: string) => fetch(`${base}/api/v1/storeLink`, { headers: { 'user-agent': userAgent }, redirect: 'manual' });

describe('GET /api/v1/storeLink on the local stack', () => {
  it('sends an Android phone to the Play Store', async () => {
    const response = await storeLink('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(PLAY_STORE_URL);
  });

  it('sends an iPhone, and any other visitor, to the App Store', async () => {
    const iPhone = await storeLink('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148');
    const desktop = await storeLink('Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0');
    expect([iPhone.status, iPhone.headers.get('location')]).toEqual([302, APP_STORE_URL]);
    expect([desktop.status, desktop.headers.get('location')]).toEqual([302, APP_STORE_URL]);
  });

  it('leaves other methods and paths to the rest of the server', async () => {
    expect((await fetch(`${base}/api/v1/storeLink`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/api/v1/other`)).status).toBe(404);
  });
});

describe('the payload quota of API Gateway HTTP API (10 MB)', () => {
  const webhook = `/api/v1/stripe/webhook`;

  /** POSTs `size` bytes in 1 MB chunks without a content-length, so the cap must hold while reading. */
  async function postStreamed(size: number) {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < size; sent += chunk.length) controller.enqueue(chunk.subarray(0, Math.min(chunk.length, size - sent)));
        controller.close();
      },
    });
    return fetch(`${base}${webhook}`, { method: 'POST', body, duplex: 'half' } as RequestInit);
  }

  it('answers 413 with a JSON message to a declared 20 MB body, before the function runs', async () => {
    const response = await fetch(`${base}${webhook}`, { method: 'POST', body: Buffer.alloc(20 * 1024 * 1024, 'a') });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request Entity Too Large' });
  });

  it('answers 413 to a streamed body past 10 MB without keeping it (memory stays bounded)', async () => {
    const before = process.memoryUsage().rss;
    const response = await postStreamed(60 * 1024 * 1024);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request Entity Too Large' });
    // Sender and server share this process: 60 MB kept would show; the sender's own chunk is 1 MB.
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
  });

  it('still hands a body under the quota to the function', async () => {
    const response = await fetch(`${base}${webhook}`, { method: 'POST', body: '{}' });
    // The webhook refuses an unsigned event itself: the body reached it.
    expect(response.status).toBe(400);
  });
});
