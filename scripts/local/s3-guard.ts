import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { refuseForeignHost } from './host-check';

/**
 * What stands in front of s3rver, which takes unsigned writes and listings and never checks a SigV4 signature: like
 * S3 with private buckets behind CloudFront, it lets through only
 * - requests signed (Authorization header) or presigned (X-Amz-* query) with the local keys, signature checked again;
 * - presigned POST forms whose policy is signed with the local keys and not expired, whose every condition holds (the
 *   file's size range included, counted as it streams) and names every field of the form, as S3 checks them;
 * - anonymous GET/HEAD of the paths the site serves publicly on AWS (avatars, the transcoder's media), with
 *   `X-Content-Type-Options: nosniff`, a CSP that runs nothing, and a type only when it is one of the public types;
 * - CORS preflights (s3rver answers them from the buckets' CORS rules).
 * Everything else gets S3's 403 AccessDenied.
 */
interface S3GuardOptions {
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The Unix socket s3rver listens on (in a private folder, so nothing but this guard reaches it). */
  upstreamSocket: string;
  /** "bucket/prefix" paths anyone may read, as CloudFront serves them on AWS. */
  publicPrefixes: readonly string[];
  /** Content types an anonymous read may be served with; any other is served as application/octet-stream. */
  publicTypes: readonly string[];
  now?: () => number;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_CLOCK_SKEW_MS = 5 * 60_000;
/** Multipart form fields come before the file; more than this before the file part is refused. */
const MAX_FORM_FIELDS_BYTES = 64 * 1024;
/** Headers every object read carries, as the site's response headers policy adds them on AWS. */
const SERVED_OBJECT_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** RFC 3986 encoding, as SigV4 canonical query strings use it. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

function amzDate(value: string | undefined): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return match ? Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +match[6]!) : null;
}

function signingKey(secret: string, scope: string[]): Buffer {
  const [date, region, service] = scope;
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), 'aws4_request');
}

/** Credential "AKID/20250101/us-east-1/s3/aws4_request" split; null unless it is the local key's, for S3. */
function scopeOf(credential: string | undefined, accessKeyId: string): string[] | null {
  const [key, ...scope] = (credential ?? '').split('/');
  return key === accessKeyId && scope.length === 4 && scope[2] === 's3' && scope[3] === 'aws4_request' ? scope : null;
}

function canonicalQuery(searchParams: URLSearchParams): string {
  return [...searchParams.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const headerValue = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
};

/** The signature SigV4 gives this request with these parts; the caller compares it with the one sent. */
function expectedSignature(
  req: IncomingMessage,
  url: URL,
  signedHeaders: string[],
  payloadHash: string,
  date: string,
  scope: string[],
  secret: string,
): string {
  const canonicalRequest = [
    req.method,
    url.pathname,
    canonicalQuery(url.searchParams),
    signedHeaders.map((name) => `${name}:${headerValue(req.headers, name)}\n`).join(''),
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const stringToSign = [ALGORITHM, date, scope.join('/'), sha256Hex(canonicalRequest)].join('\n');
  return hmac(signingKey(secret, scope), stringToSign).toString('hex');
}

type Verdict = { ok: true } | { ok: false; reason: string };
const refused = (reason: string) => ({ ok: false, reason }) as const;

function verifyHeaderSignature(req: IncomingMessage, url: URL, options: S3GuardOptions): Verdict {
  const authorization = headerValue(req.headers, 'authorization');
  if (!authorization.startsWith(`${ALGORITHM} `)) return refused('Only SigV4 signatures are accepted.');
  const fields = Object.fromEntries(
    authorization
      .slice(ALGORITHM.length)
      .split(',')
      .map((part) => part.trim().split('=') as [string, string | undefined]),
  );
  const scope = scopeOf(fields.Credential, options.credentials.accessKeyId);
  const date = headerValue(req.headers, 'x-amz-date');
  const signedAt = amzDate(date);
  const signedHeaders = String(fields.SignedHeaders ?? '').split(';');
  if (!scope || signedAt === null || !signedHeaders.includes('host')) return refused('The request is not signed with the local keys.');
  if (Math.abs((options.now ?? Date.now)() - signedAt) > MAX_CLOCK_SKEW_MS) return refused('Signature expired.');
  const payloadHash = headerValue(req.headers, 'x-amz-content-sha256') || sha256Hex('');
  const expected = expectedSignature(req, url, signedHeaders, payloadHash, date, scope, options.credentials.secretAccessKey);
  return sameText(expected, String(fields.Signature ?? '')) ? { ok: true } : refused('The request signature does not match.');
}

function verifyQuerySignature(req: IncomingMessage, url: URL, options: S3GuardOptions): Verdict {
  const query = url.searchParams;
  const scope = scopeOf(query.get('X-Amz-Credential') ?? undefined, options.credentials.accessKeyId);
  const date = query.get('X-Amz-Date') ?? '';
  const signedAt = amzDate(date);
  const expires = Number(query.get('X-Amz-Expires'));
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
  if (query.get('X-Amz-Algorithm') !== ALGORITHM || !scope || signedAt === null || !signedHeaders.includes('host')) {
    return refused('The URL is not presigned with the local keys.');
  }
  const now = (options.now ?? Date.now)();
  if (!Number.isInteger(expires) || expires < 1 || expires > 604_800 || now > signedAt + expires * 1000 || now < signedAt - MAX_CLOCK_SKEW_MS) {
    return refused('Request has expired.');
  }
  const payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  const expected = expectedSignature(req, url, signedHeaders, payloadHash, date, scope, options.credentials.secretAccessKey);
  return sameText(expected, query.get('X-Amz-Signature') ?? '') ? { ok: true } : refused('The request signature does not match.');
}

interface FormHead {
  /** The text fields before the file part, by name as sent. */
  fields: Record<string, string>;
  /** Where the file's bytes begin in the body. */
  fileStart: number;
  /** The boundary line that ends the file part: CRLF, `--` and the boundary. */
  fileEnd: Buffer;
}

/** The text fields of a multipart form that come before its file part, and where the file begins; null until all are here. */
function formHead(head: Buffer, contentType: string): FormHead | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return null;
  const text = head.toString('latin1');
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const fields: Record<string, string> = {};
  let offset = text.indexOf(delimiter);
  if (offset < 0) return null;
  for (const part of text.split(delimiter).slice(1)) {
    offset += delimiter.length;
    const end = part.indexOf('\r\n\r\n');
    if (end < 0) break;
    const disposition = part.slice(0, end);
    if (/filename=/i.test(disposition)) return { fields, fileStart: offset + end + 4, fileEnd: Buffer.from(`\r\n${delimiter}`, 'latin1') };
    const name = /name="([^"]*)"/i.exec(disposition)?.[1];
    if (!part.endsWith('\r\n')) break; // the field's value is not all here yet
    if (name) fields[name] = Buffer.from(part.slice(end + 4, -2), 'latin1').toString('utf8');
    offset += part.length;
  }
  return null;
}

type PolicyVerdict = { ok: true; sizeRange: [number, number] | null } | { ok: false; reason: string };

/** Fields S3 does not require a policy condition for (the signature's own, the file, and any x-ignore- field). */
const UNCONDITIONED_FIELDS = new Set(['policy', 'x-amz-signature', 'file', 'awsaccesskeyid', 'signature']);

/**
 * The POST policy as S3 applies it: signed with the local keys, not expired, every condition holds (exact matches,
 * `eq`, `starts-with`, on the form's fields and the bucket; `content-length-range` is handed back to be counted as the
 * file streams), a bucket condition is among them, and every field of the form is named by a condition. Field names
 * compare case-insensitively, values exactly.
 */
function verifyPostPolicy(fields: Record<string, string>, bucket: string, options: S3GuardOptions): PolicyVerdict {
  const values = new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));
  const policy = values.get('policy');
  const scope = scopeOf(values.get('x-amz-credential'), options.credentials.accessKeyId);
  const signature = values.get('x-amz-signature') ?? '';
  if (!policy || !scope) return refused('The form is not signed with the local keys.');
  if (!sameText(hmac(signingKey(options.credentials.secretAccessKey, scope), policy).toString('hex'), signature)) {
    return refused('The form signature does not match its policy.');
  }
  let decoded: { expiration?: string; conditions?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof decoded;
  } catch {
    return refused('The policy is not JSON.');
  }
  if (!decoded.expiration || !(Date.parse(decoded.expiration) >= (options.now ?? Date.now)()))
    return refused('Invalid according to Policy: Policy expired.');
  if (!Array.isArray(decoded.conditions)) return refused('Invalid Policy: the policy has no conditions.');
  values.set('bucket', bucket);
  const conditioned = new Set<string>();
  let sizeRange: [number, number] | null = null;
  const failed = (condition: unknown) => refused(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
  for (const condition of decoded.conditions as unknown[]) {
    if (Array.isArray(condition) && condition[0] === 'content-length-range') {
      const [, min, max] = condition as unknown[];
      if (!Number.isInteger(min) || !Number.isInteger(max)) return refused('Invalid Policy: Invalid content-length-range.');
      sizeRange = [min as number, max as number];
      continue;
    }
    const checks: [string, (value: string) => boolean][] = [];
    if (Array.isArray(condition) && condition.length === 3 && typeof condition[1] === 'string' && condition[1].startsWith('$')) {
      const [operator, , expected] = condition as [unknown, string, unknown];
      const name = condition[1].slice(1).toLowerCase();
      if (operator === 'eq') checks.push([name, (value) => value === String(expected)]);
      else if (operator === 'starts-with') checks.push([name, (value) => value.startsWith(String(expected))]);
      else return refused(`Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`);
    } else if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
      for (const [name, expected] of Object.entries(condition)) checks.push([name.toLowerCase(), (value) => value === String(expected)]);
    } else {
      return refused(`Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`);
    }
    for (const [name, holds] of checks) {
      conditioned.add(name);
      const value = values.get(name);
      if (value === undefined || !holds(value)) return failed(condition);
    }
  }
  if (!conditioned.has('bucket')) return refused('Invalid according to Policy: the policy names no bucket.');
  const extra = [...values.keys()].filter((name) => !conditioned.has(name) && !UNCONDITIONED_FIELDS.has(name) && !name.startsWith('x-ignore-'));
  if (extra.length > 0) return refused(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
  return { ok: true, sizeRange };
}

/**
 * Counts the file's bytes as the form streams through to s3rver. What could be the start of the boundary that ends the
 * file is held back until it is certain, so a file out of the policy's size range is refused before s3rver has the end
 * of its part: cut short, s3rver stores nothing (see s3.ts).
 */
function fileSizeGate(fileEnd: Buffer, [min, max]: [number, number]) {
  let held = Buffer.alloc(0);
  let size = 0;
  let ended = false;
  const outOfRange = () =>
    new Error(
      size > max ? 'Your proposed upload exceeds the maximum allowed size.' : 'Your proposed upload is smaller than the minimum allowed size.',
    );
  return {
    /** The bytes that may go on now; throws once the file is known to be out of range. */
    pass(chunk: Buffer): Buffer {
      if (ended) return chunk;
      held = Buffer.concat([held, chunk]);
      const at = held.indexOf(fileEnd);
      const counted = at >= 0 ? at : Math.max(0, held.length - (fileEnd.length - 1));
      size += counted;
      if (at >= 0) ended = true;
      if (size > max || (ended && size < min)) throw outOfRange();
      const out = ended ? held : held.subarray(0, counted);
      held = ended ? Buffer.alloc(0) : held.subarray(counted);
      return out;
    },
    /** The rest, at the end of the body (a form with no end to its file part is s3rver's to refuse). */
    finish: () => held,
  };
}

/** S3's 403; the rest of the request is read and dropped, so the client, still sending, gets the answer. */
function denied(res: ServerResponse, reason: string): void {
  res.req.resume();
  if (res.headersSent) return;
  res.writeHead(403, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${reason.replace(/[<>&]/g, '')}</Message></Error>`);
}

/** Sends the request on to s3rver (`body` replaces the request's stream when part of it was read already). */
function forward(req: IncomingMessage, res: ServerResponse, options: S3GuardOptions, anonymousRead: boolean, body?: Readable): ClientRequest {
  const upstream = httpRequest({ socketPath: options.upstreamSocket, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    // A form refused while it streamed has had its answer already.
    if (res.headersSent) return void answer.resume();
    const headers = { ...answer.headers };
    if (req.method === 'GET' || req.method === 'HEAD') {
      Object.assign(headers, SERVED_OBJECT_HEADERS);
      const type = String(headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      // An object nobody confirmed may carry any declared type: a public read never serves it as a page.
      if (anonymousRead && (answer.statusCode ?? 500) < 300 && !options.publicTypes.includes(type))
        headers['content-type'] = 'application/octet-stream';
    }
    res.writeHead(answer.statusCode ?? 502, headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (res.writableEnded) return;
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`S3 stand-in unavailable: ${error.message}`);
  });
  (body ?? req).pipe(upstream);
  return upstream;
}

/**
 * Reads a POST form's head up to its file part and checks its policy; then forwards head and rest together, counting
 * the file's bytes against the policy's size range on the way.
 */
function guardPost(req: IncomingMessage, res: ServerResponse, bucket: string, options: S3GuardOptions): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    const received = Buffer.concat(chunks);
    const head = formHead(received, String(req.headers['content-type'] ?? ''));
    if (!head && size < MAX_FORM_FIELDS_BYTES) return;
    req.off('data', onData);
    req.off('end', onEnd);
    const verdict = head ? verifyPostPolicy(head.fields, bucket, options) : refused('The form has no signed policy before its file.');
    if (!verdict.ok) return denied(res, verdict.reason);
    const gate = verdict.sizeRange ? fileSizeGate(head!.fileEnd, verdict.sizeRange) : null;
    const body = new PassThrough();
    const upstream = forward(req, res, options, false, body);
    const refuse = (reason: string) => {
      req.off('data', pass);
      req.off('end', finish);
      upstream.destroy();
      denied(res, reason);
    };
    const pass = (more: Buffer) => {
      try {
        if (!body.write(gate ? gate.pass(more) : more)) {
          req.pause();
          body.once('drain', () => req.resume());
        }
      } catch (error) {
        refuse((error as Error).message);
      }
    };
    const finish = () => body.end(gate?.finish());
    body.write(received.subarray(0, head!.fileStart));
    req.on('data', pass);
    req.on('end', finish);
    pass(received.subarray(head!.fileStart));
  };
  const onEnd = () => denied(res, 'The form has no signed policy before its file.');
  req.on('data', onData);
  req.on('end', onEnd);
}

export function createS3Guard(options: S3GuardOptions): Server {
  return createServer((req, res) => {
    if (refuseForeignHost(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, bucket = '', ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (req.method === 'OPTIONS') return forward(req, res, options, false);
    if (req.headers.authorization !== undefined) {
      const verdict = verifyHeaderSignature(req, url, options);
      return verdict.ok ? forward(req, res, options, false) : denied(res, verdict.reason);
    }
    if (url.searchParams.has('X-Amz-Algorithm') || url.searchParams.has('X-Amz-Signature') || url.searchParams.has('Signature')) {
      const verdict = verifyQuerySignature(req, url, options);
      return verdict.ok ? forward(req, res, options, false) : denied(res, verdict.reason);
    }
    if (req.method === 'POST' && bucket && !key && String(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
      return guardPost(req, res, bucket, options);
    }
    const publicRead =
      (req.method === 'GET' || req.method === 'HEAD') &&
      url.search === '' &&
      key !== '' &&
      !key.split('/').includes('..') &&
      options.publicPrefixes.some((prefix) => `${bucket}/${key}`.startsWith(prefix));
    if (publicRead) return forward(req, res, options, true);
    req.resume();
    return denied(res, 'Access Denied');
  });
}
