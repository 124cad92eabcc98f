import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createIamVerifier, type IamCredentials } from './gateway/iam';
import { refuseForeignHost } from './host-check';

/**
 * What stands in front of cognito-local, which answers any origin (CORS `*`) and takes every call unsigned, so a page on
 * any site could list the pool's users and put anyone in SUPERADMIN. Like Cognito, it lets through
 * - only requests naming this machine in `Host` (no DNS rebinding) and, from a browser, only the app's own origins
 *   (another page's request or preflight gets 403 and no CORS grant);
 * - the operations AWS serves without IAM authorization (InitiateAuth, GetUser, ForgotPassword, RevokeToken, … as the
 *   AWS SDK's own model marks them) as they come;
 * - every other operation (Admin*, ListUsers, CreateGroup, …) only SigV4-signed for `cognito-idp` with the local stack's
 *   own credentials (the Lambdas' AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY), checked by the gateway's IAM verifier.
 * cognito-local itself listens on a Unix socket in a private folder, so no browser can reach it past the guard.
 */
interface CognitoGuardOptions {
  credentials: IamCredentials;
  /** The web app's origins; any other browser origin is refused. */
  allowedOrigins: readonly string[];
  /** The Unix socket cognito-local listens on. */
  upstreamSocket: string;
}

/** Cognito's own request quota is far below this; a larger body is refused before it is read. */
const MAX_BODY_BYTES = 1024 * 1024;

function refuse(res: ServerResponse, status: number, type: string, message: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ __type: type, message }));
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= MAX_BODY_BYTES ? Buffer.concat(chunks) : null));
    req.on('error', reject);
  });
}

function forward(req: IncomingMessage, res: ServerResponse, socketPath: string, body?: Buffer): void {
  const upstream = httpRequest({ socketPath, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (res.writableEnded) return;
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`Cognito stand-in unavailable: ${error.message}`);
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}

export function createCognitoGuard(options: CognitoGuardOptions): Server {
  const verifyIam = createIamVerifier(options.credentials, { service: 'cognito-idp' });
  // Never sends anything: only its model is used, which operations AWS serves without SigV4 ("smithy.api#noAuth").
  const model = new CognitoIdentityProviderClient({ region: 'us-east-1' });
  const unsigned = new Map<string, boolean>();
  const servedUnsigned = (operation: string) => {
    let known = unsigned.get(operation);
    if (known === undefined) {
      const schemes = model.config.httpAuthSchemeProvider({ operation, region: 'us-east-1' }) as { schemeId: string }[];
      known = schemes.some((scheme) => scheme.schemeId === 'smithy.api#noAuth');
      unsigned.set(operation, known);
    }
    return known;
  };

  const guard = async (req: IncomingMessage, res: ServerResponse) => {
    if (refuseForeignHost(req, res)) return;
    const origin = req.headers.origin;
    if (origin !== undefined && !options.allowedOrigins.includes(origin)) {
      req.resume();
      return refuse(res, 403, 'AccessDeniedException', 'Requests from this origin are not allowed.');
    }
    if (req.method !== 'POST') return forward(req, res, options.upstreamSocket);
    const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    const signed = req.headers.authorization !== undefined;
    if (!signed && servedUnsigned(operation)) return forward(req, res, options.upstreamSocket);
    if (!signed) {
      req.resume();
      return refuse(
        res,
        403,
        'MissingAuthenticationTokenException',
        `${operation || 'This operation'} needs a request signed with the local credentials.`,
      );
    }
    const body = await readBody(req);
    if (!body) return refuse(res, 413, 'RequestEntityTooLargeException', 'The request body is too large.');
    try {
      // Node names request headers in lower case already; only set-cookie comes as a list, never signed by the SDK.
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
      await verifyIam({ method: 'POST', url: req.url ?? '/', headers, body: body.toString('utf8') });
    } catch (error) {
      return refuse(res, 403, 'UnrecognizedClientException', error instanceof Error ? error.message : 'The request signature is not valid.');
    }
    forward(req, res, options.upstreamSocket, body);
  };

  return createServer((req, res) => {
    guard(req, res).catch((error: unknown) => refuse(res, 500, 'InternalErrorException', String(error)));
  });
}
