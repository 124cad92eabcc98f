import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, createWebApp, webRoot, type WebApp } from './web';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, as CloudFront does, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

// `npm test` builds web/dist before jest runs; the production site is what `npm run preview` and the tests serve.
describe('the production site (web/dist)', () => {
  let server: Server;
  let app: WebApp;
  let origin: string;
  const dist = join(webRoot, 'dist');
  const script = readdirSync(join(dist, 'assets')).find((name) => name.endsWith('.js'))!;

  beforeAll(async () => {
    server = createServer((req, res) => app.handleRequest(req, res));
    app = await createWebApp('dist', server, undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => server.close(resolve));
  });

  function get(path: string, acceptEncoding?: string) {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(`${origin}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('sends scripts brotli-compressed to a browser that accepts brotli, and gzip to one that accepts only gzip', async () => {
    const original = readFileSync(join(dist, 'assets', script));
    const br = await get(`/assets/${script}`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(original.length);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gz = await get(`/assets/${script}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
  });

  it('sends the file as it is when the browser accepts no compression', async () => {
    const plain = await get(`/assets/${script}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(readFileSync(join(dist, 'assets', script)))).toBe(true);
  });

  it('answers a route of the app with the compressed index.html, revalidated on every visit', async () => {
    const page = await get('/auth/login', 'br');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).toString('utf8')).toBe(readFileSync(join(dist, 'index.html'), 'utf8'));
  });
});
