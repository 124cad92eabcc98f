/**
 * A local Web Push service (docs/local-mode.md, "Web Push"). It plays both ends a real one joins: the browser's push
 * subscription and the push service the server posts to.
 *   - POST <app>/local/push/subscriptions   { applicationServerKey? } -> a new subscription as PushSubscription.toJSON()
 *     gives it ({ endpoint, keys: { p256dh, auth } }); the key pair and auth secret are made here and kept, as a browser
 *     keeps them, so that what arrives can be decrypted.
 *   - GET <app>/local/push/subscriptions/<id>   204 while the stand-in knows it (a browser's kept one may predate a reset).
 *   - DELETE <app>/local/push/subscriptions/<id>   the device unsubscribed: deliveries to it are answered 410 Gone.
 *   - POST https://127.0.0.1:<port>/push/<id>   a delivery from web-push: VAPID JWT checked, body decrypted (RFC 8291,
 *     aes128gcm), and the notification written to `<data>/push/` as one JSON file { to, title, body, url, sentAt }.
 * The control routes are mounted on the stack's own server (same origin as the web app); deliveries come over HTTPS
 * with a certificate made per start, which the stack hands the Lambdas as PUSH_SERVICE_CA.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { writeFileAtomically } from '../../../lambdas/lib/atomic-file';
import { serverOutage, type Outage } from '../outages';
import { LOCAL_HOST } from '../ports';

export const PUSH_CONTROL_PATH = '/local/push/subscriptions';
const DELIVERY_PATH = '/push/';
const MAX_BODY = 8 * 1024;

/** What the stand-in keeps of a subscription: the device's side of it. */
interface StoredSubscription {
  privateKey: string;
  publicKey: string;
  auth: string;
  /** The VAPID public key the subscription was made for; deliveries signed with another are refused (403). */
  applicationServerKey: string | null;
  gone: boolean;
  createdAt: string;
}

/** One notification as the stand-in delivered it (a file in `<data>/push/`). */
export interface PushRecord {
  /** The subscription's id: the last part of its endpoint. */
  to: string;
  title: string;
  body: string;
  url: string;
  sentAt: string;
}

interface PushStandIn {
  /** https://127.0.0.1:<port>: where endpoints point. */
  url: string;
  /** The certificate deliveries are served with (PEM): the Lambdas' PUSH_SERVICE_CA. */
  certificate: string;
  /** Where each delivered notification is written. */
  folder: string;
  /** The push service off the air and back on the same port (the outage tests' seam, scripts/local/outages.ts). */
  outage: Outage;
  /** Serves the control routes on the stack's server; false for any other path. */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  stop(): Promise<void>;
}

interface PushStandInOptions {
  port: number;
  /** The stack's data folder: subscriptions in `push-subscriptions.json`, notifications in `push/`. */
  dataDir: string;
  log?: (line: string) => void;
}

export async function startPushStandIn(options: PushStandInOptions): Promise<PushStandIn> {
  const url = `https://${LOCAL_HOST}:${options.port}`;
  const folder = join(options.dataDir, 'push');
  const stateFile = join(options.dataDir, 'push-subscriptions.json');
  await mkdir(folder, { recursive: true });
  const subscriptions = new Map<string, StoredSubscription>(Object.entries(await readState(stateFile)));
  const save = () => writeFileAtomically(stateFile, JSON.stringify(Object.fromEntries(subscriptions), null, 2), 0o600);

  const tls = await certificateOf(options.dataDir);

  const deliver = async (req: IncomingMessage, res: ServerResponse, id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) return answer(res, 404, 'No such subscription.');
    if (subscription.gone) return answer(res, 410, 'The subscription has expired or been unsubscribed.');
    if (!req.headers.ttl || !/^\d+$/.test(String(req.headers.ttl))) return answer(res, 400, 'A TTL header is required.');
    if (req.headers['content-encoding'] !== 'aes128gcm') return answer(res, 415, 'Only aes128gcm content is accepted.');
    const vapidProblem = checkVapid(String(req.headers.authorization ?? ''), url, subscription.applicationServerKey);
    if (vapidProblem) return answer(res, 403, vapidProblem);
    let message: Partial<PushRecord>;
    try {
      message = JSON.parse(decryptPayload(await readBody(req), subscription).toString('utf8')) as Partial<PushRecord>;
    } catch {
      return answer(res, 400, 'The payload could not be decrypted for this subscription.');
    }
    const record: PushRecord = {
      to: id,
      title: String(message.title ?? ''),
      body: String(message.body ?? ''),
      url: String(message.url ?? ''),
      sentAt: new Date().toISOString(),
    };
    await writeFileAtomically(
      join(folder, `${record.sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`),
      `${JSON.stringify(record, null, 2)}\n`,
    );
    options.log?.(`[push] to ${id}: ${record.title}`);
    res.writeHead(201, { location: `${url}/messages/${randomUUID()}` }).end();
  };

  const server: Server = createServer({ key: tls.private, cert: tls.cert }, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'POST' || !path.startsWith(DELIVERY_PATH)) return answer(res, 404, 'Not found.');
    deliver(req, res, decodeURIComponent(path.slice(DELIVERY_PATH.length))).catch(() => answer(res, 500, 'The notification could not be kept.'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOCAL_HOST, () => resolve());
  });

  const subscribe = async (req: IncomingMessage, res: ServerResponse) => {
    let applicationServerKey: string | null = null;
    try {
      const body = await readBody(req);
      const parsed = body.length > 0 ? (JSON.parse(body.toString('utf8')) as { applicationServerKey?: unknown }) : {};
      if (typeof parsed.applicationServerKey === 'string') applicationServerKey = parsed.applicationServerKey;
    } catch {
      return answer(res, 400, 'The body must be JSON.');
    }
    const device = createECDH('prime256v1');
    device.generateKeys();
    const id = randomUUID();
    const stored: StoredSubscription = {
      privateKey: device.getPrivateKey('base64url'),
      publicKey: device.getPublicKey('base64url'),
      auth: randomBytes(16).toString('base64url'),
      applicationServerKey,
      gone: false,
      createdAt: new Date().toISOString(),
    };
    subscriptions.set(id, stored);
    await save();
    json(res, 201, { endpoint: `${url}${DELIVERY_PATH}${id}`, expirationTime: null, keys: { p256dh: stored.publicKey, auth: stored.auth } });
  };

  const unsubscribe = async (res: ServerResponse, id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) return answer(res, 404, 'No such subscription.');
    subscription.gone = true;
    await save();
    res.writeHead(204).end();
  };

  const control = (req: IncomingMessage, res: ServerResponse, id: string): Promise<void> | void => {
    if (req.method === 'POST' && !id) return subscribe(req, res);
    if (req.method === 'DELETE' && id) return unsubscribe(res, id);
    if (req.method !== 'GET' || !id) return answer(res, 405, 'Not allowed.');
    if (subscriptions.get(id)?.gone === false) res.writeHead(204).end();
    else answer(res, 404, 'No such subscription.');
  };

  return {
    url,
    certificate: tls.cert,
    folder,
    // An https.Server is an http.Server for what the seam does (close, closeAllConnections, listen again).
    outage: serverOutage(server as unknown as HttpServer),
    handleRequest(req, res) {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== PUSH_CONTROL_PATH && !path.startsWith(`${PUSH_CONTROL_PATH}/`)) return false;
      const id = decodeURIComponent(path.slice(PUSH_CONTROL_PATH.length + 1));
      Promise.resolve(control(req, res, id)).catch(() => answer(res, 500, 'The push stand-in failed.'));
      return true;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const TLS_FILE = 'push-tls.json';

/** The stand-in's certificate and key, made once per data folder (mode 0600), so `npm run job:reminders` can trust it too. */
async function certificateOf(dataDir: string): Promise<{ cert: string; private: string }> {
  const file = join(dataDir, TLS_FILE);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as { cert: string; private: string };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const made = await generate([{ name: 'commonName', value: LOCAL_HOST }], {
    notAfterDate: new Date(Date.now() + 10 * 365 * 86_400_000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: LOCAL_HOST }] }],
  });
  await writeFileAtomically(file, JSON.stringify({ cert: made.cert, private: made.private }), 0o600);
  return { cert: made.cert, private: made.private };
}

/** The certificate the running stack's push stand-in serves (PUSH_SERVICE_CA of a job run beside it). */
export const pushServiceCertificate = (dataDir: string): string =>
  (JSON.parse(readFileSync(join(dataDir, TLS_FILE), 'utf8')) as { cert: string }).cert;

async function readState(file: string): Promise<Record<string, StoredSubscription>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, StoredSubscription>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** The payload of one aes128gcm record, decrypted with the device's keys as a browser does (RFC 8291, RFC 8188). */
function decryptPayload(content: Buffer, subscription: Pick<StoredSubscription, 'privateKey' | 'publicKey' | 'auth'>): Buffer {
  const salt = content.subarray(0, 16);
  const keyIdLength = content.readUInt8(20);
  const senderKey = content.subarray(21, 21 + keyIdLength);
  const record = content.subarray(21 + keyIdLength);
  const device = createECDH('prime256v1');
  device.setPrivateKey(Buffer.from(subscription.privateKey, 'base64url'));
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), Buffer.from(subscription.publicKey, 'base64url'), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', device.computeSecret(senderKey), Buffer.from(subscription.auth, 'base64url'), keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('Bad padding.');
  return padded.subarray(0, end);
}

/** What is wrong with a delivery's `Authorization: vapid t=<JWT>, k=<key>`, or null: an ES256 JWT for this origin, unexpired. */
function checkVapid(header: string, origin: string, expectedKey: string | null): string | null {
  const fields = Object.fromEntries(
    header
      .replace(/^vapid\s+/i, '')
      .split(',')
      .map((part) => part.trim().split('=') as [string, string]),
  );
  if (!/^vapid\s/i.test(header) || !fields.t || !fields.k) return 'A VAPID Authorization header is required.';
  if (expectedKey && fields.k !== expectedKey.replace(/=+$/, '')) return 'The VAPID key is not the one this subscription was made for.';
  const [head, payload, signature] = fields.t.split('.');
  const raw = Buffer.from(fields.k, 'base64url');
  if (!head || !payload || !signature || raw.length !== 65) return 'The VAPID token is malformed.';
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    return 'The VAPID signature does not verify.';
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud?: string; exp?: number };
  if (claims.aud !== origin) return 'The VAPID audience is not this push service.';
  if (!claims.exp || claims.exp * 1000 < Date.now()) return 'The VAPID token has expired.';
  return null;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error('Body too large.'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, message: string) {
  if (!res.headersSent) json(res, status, { error: message });
}

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
}
