/**
 * Push hosts that misbehave, for the reminder job's and the nudge's limits (docs/reminders.md, "Which devices, how
 * long, how much"): an https server on 127.0.0.1 with a certificate of its own (as scripts/local/push serves), which
 * the test admits as the local push service by pointing LOCAL_PUSH_SERVICE_ORIGIN and PUSH_SERVICE_CA at it.
 *   - POST /stall/<id>: 201, then one byte every 2 seconds, for as long as the connection stays open;
 *   - POST /flood/<id>: 201, then FLOOD_BYTES as fast as the connection takes them.
 * Also a bare TCP listener that only counts the connections made to it (a device that is no push service).
 */
import { randomBytes, randomUUID, createECDH } from 'node:crypto';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

const FLOOD_BYTES = 400 * 1024 * 1024;
const FLOOD_CHUNK = Buffer.alloc(64 * 1024, 'x');
const STALL_BYTE_EVERY_MS = 2_000;

export interface HostilePushHost {
  origin: string;
  certificate: string;
  /** A new device endpoint on this host, stalling or flooding. */
  endpoint(kind: 'stall' | 'flood'): string;
  /** Bytes of answer the flood route has handed to its connections so far. */
  floodedBytes(): number;
  close(): Promise<void>;
}

export async function startHostilePushHost(): Promise<HostilePushHost> {
  const tls = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  let flooded = 0;
  const server = createHttpsServer({ key: tls.private, cert: tls.cert }, (req, res) => {
    req.resume();
    res.writeHead(201, { 'content-type': 'text/plain' });
    res.flushHeaders();
    if (req.url?.startsWith('/stall/')) {
      const drip = setInterval(() => res.write('.'), STALL_BYTE_EVERY_MS);
      res.on('close', () => clearInterval(drip));
      return;
    }
    let left = FLOOD_BYTES;
    const pour = () => {
      while (left > 0 && !res.destroyed) {
        left -= FLOOD_CHUNK.length;
        flooded += FLOOD_CHUNK.length;
        if (!res.write(FLOOD_CHUNK)) return void res.once('drain', pour);
      }
      if (left <= 0) res.end();
    };
    pour();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    certificate: tls.cert,
    endpoint: (kind) => `${origin}/${kind}/${randomUUID()}`,
    floodedBytes: () => flooded,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A TCP listener on 127.0.0.1 that accepts and drops connections, counting them. */
export async function startConnectionCounter(): Promise<{ origin: string; connections(): number; close(): Promise<void> }> {
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The keys of a device as a browser makes them (web-push encrypts for them). */
export function deviceKeys(): { p256dh: string; auth: string } {
  const device = createECDH('prime256v1');
  return { p256dh: device.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** Runs `work` while sampling this process's resident memory; its result and the peak growth over the start, in MB. */
export async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakGrowthMb: number; seconds: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = Date.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakGrowthMb: (peak - start) / 1024 / 1024, seconds: (Date.now() - started) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}
