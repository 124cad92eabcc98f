import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Duplex } from 'node:stream';

export type WebMode = 'dev' | 'dist' | 'none';

export interface WebApp {
  handleRequest(req: IncomingMessage, res: ServerResponse): void;
  /** True when the upgrade belongs to the web app (Vite's HMR socket, handled by Vite itself). */
  ownsUpgrade(req: IncomingMessage, socket: Duplex): boolean;
  close(): Promise<void>;
}

export const webRoot = resolve(__dirname, '..', '..', 'web');

/**
 * The single-page app: 'dev' runs Vite in middleware mode on the stack's own http server (HMR
 * included), 'dist' serves the production build in web/dist, 'none' serves nothing.
 */
export async function createWebApp(mode: WebMode, server: Server, cacheDir: string | undefined): Promise<WebApp> {
  if (mode === 'dev') return viteDevServer(server, cacheDir);
  if (mode === 'dist') return staticSite(join(webRoot, 'dist'));
  return {
    handleRequest: (_req, res) => sendText(res, 404, 'Not found (the local stack runs without the web app).'),
    ownsUpgrade: () => false,
    close: async () => undefined,
  };
}

async function viteDevServer(server: Server, cacheDir: string | undefined): Promise<WebApp> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: join(webRoot, 'vite.config.ts'),
    // Keeps Vite's dependency cache in the stack's data folder rather than in node_modules.
    cacheDir,
    appType: 'spa',
    clearScreen: false,
    logLevel: 'warn',
    server: { middlewareMode: true, ws: { server } },
  });
  return {
    handleRequest: (req, res) =>
      vite.middlewares(req, res, (error?: unknown) => (error ? sendText(res, 500, String(error)) : sendText(res, 404, 'Not found'))),
    ownsUpgrade: (req) => ['vite-hmr', 'vite-ping'].includes(req.headers['sec-websocket-protocol'] ?? ''),
    close: () => vite.close(),
  };
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp4': 'video/mp4',
  '.wasm': 'application/wasm',
};

/** What CloudFront compresses (text formats; images and video are compressed already). */
const compressible = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg\+xml)/;

type Encoding = 'br' | 'gzip';
const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) => promisify(brotliCompress)(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

/** Brotli when the browser takes it, else gzip, else none: the order CloudFront follows. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => quality?.trim() !== 'q=0')
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * web/dist as CloudFront serves it: compressed (brotli or gzip) when the browser accepts it, hashed files under
 * /assets cached for good, everything else (index.html above all) revalidated; a path that is not a file gets
 * index.html (client routing).
 */
function staticSite(root: string): WebApp {
  // The build does not change while the stack runs: each file is compressed once per encoding.
  const compressed = new Map<string, Promise<Buffer>>();
  const compressedBody = (file: string, encoding: Encoding) => {
    const key = `${encoding}:${file}`;
    let body = compressed.get(key);
    if (!body) {
      body = readFile(file).then(compressors[encoding]);
      compressed.set(key, body);
    }
    return body;
  };
  const sendFile = async (req: IncomingMessage, res: ServerResponse, file: string, immutable: boolean) => {
    const contentType = contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers = {
      'content-type': contentType,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    const encoding = compressible.test(contentType) ? chooseEncoding(req.headers['accept-encoding']) : null;
    if (!encoding) return sendPlainFile(req, res, file, headers);
    const body = await compressedBody(file, encoding);
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length, vary: 'accept-encoding' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed');
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      return sendText(res, 400, 'Bad request');
    }
    const file = resolve(root, `.${pathname}`);
    if (file !== root && !file.startsWith(root + sep)) return sendText(res, 404, 'Not found');
    if (await isFile(file)) return sendFile(req, res, file, pathname.startsWith('/assets/'));
    // A missing asset is a 404; any other path is a route of the app.
    if (extname(pathname) !== '') return sendText(res, 404, 'Not found');
    const index = join(root, 'index.html');
    if (!(await isFile(index))) return sendText(res, 503, 'The web app is not built: run `npm run build`.');
    return sendFile(req, res, index, false);
  };
  return {
    handleRequest: (req, res) => void serve(req, res).catch((error) => sendText(res, 500, String(error))),
    ownsUpgrade: () => false,
    close: async () => undefined,
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function sendPlainFile(req: IncomingMessage, res: ServerResponse, file: string, headers: Record<string, string>) {
  const { size } = await stat(file);
  res.writeHead(200, { ...headers, 'content-length': size });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}

function sendText(res: ServerResponse, status: number, text: string) {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}
