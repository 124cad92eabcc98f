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
