import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { DEFAULT_FUNCTION_TIMEOUT_SECONDS } from '../../lambdas/resolver-map';
import { httpRoutes, routeKey, triggerFunctions, type HttpRoute } from '../../lambdas/triggers';

type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The context Lambda passes with each invocation, with its deadline: the webhook's idempotency records expire an
 * "in progress" mark by it, so a call cut short (DynamoDB stopped answering) does not block Stripe's retries.
 */
function lambdaContext(route: HttpRoute): Context {
  const spec = triggerFunctions[route.function];
  const deadline = Date.now() + ('timeoutSeconds' in spec ? spec.timeoutSeconds : DEFAULT_FUNCTION_TIMEOUT_SECONDS) * 1000;
  const name = `fitgauge-local-${route.function}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

const repoRoot = join(__dirname, '..', '..');

/** API Gateway HTTP API's payload quota (10 MB): past it, it answers 413 without calling the function. */
const HTTP_API_BODY_BYTES = 10 * 1024 * 1024;

class BodyTooLarge extends Error {}

/**
 * The body, keeping at most HTTP_API_BODY_BYTES: past it nothing more is kept, and the rest is read and dropped so the
 * client, still sending, gets the 413 instead of a reset connection.
 */
function readCappedBody(req: IncomingMessage): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > HTTP_API_BODY_BYTES) {
    req.resume();
    return Promise.reject(new BodyTooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= HTTP_API_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      chunks.length = 0;
      req.off('data', collect);
      req.resume();
      reject(new BodyTooLarge());
    };
    req.on('data', collect);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A route's path as a pattern: `{name}` matches one path segment. */
const patternOf = (route: HttpRoute) => new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);

/**
 * The HTTP endpoints of lambdas/triggers.ts on the app's own origin, as API Gateway's HTTP API serves them on AWS:
 * the same handlers, called in-process with a payload 2.0 event.
 */
export function createHttpEndpoints() {
  const routes = httpRoutes.map((route) => ({ route, pattern: patternOf(route) }));
  const handlers = new Map<string, Promise<HttpHandler>>();
  const handlerOf = (route: HttpRoute) => {
    let handler = handlers.get(route.function);
    if (!handler) {
      const entry = join(repoRoot, triggerFunctions[route.function].entry);
      handler = import(entry).then((module: { handler: HttpHandler }) => module.handler);
      handlers.set(route.function, handler);
    }
    return handler;
  };

  return {
    /** "METHOD /path" of every route served (compared with CDK's routes by tests/infra/triggers.test.ts). */
    routeKeys: routes.map(({ route }) => routeKey(route)),
    /** Serves the request when it is one of the routes; false otherwise. */
    handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const match = routes.flatMap(({ route, pattern }) => {
        const found = req.method === route.method ? pattern.exec(url.pathname) : null;
        return found ? [{ route, pathParameters: { ...found.groups } }] : [];
      })[0];
      if (!match) return false;
      void serve(req, res, url, match.route, match.pathParameters, handlerOf(match.route));
      return true;
    },
  };
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  route: HttpRoute,
  pathParameters: Record<string, string>,
  handler: Promise<HttpHandler>,
) {
  try {
    let body: string;
    try {
      body = (await readCappedBody(req)).toString('utf8');
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      // API Gateway's own answer to an oversized payload; the function never runs.
      res.writeHead(413, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Request Entity Too Large' }));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]),
    );
    const event = {
      version: '2.0',
      routeKey: routeKey(route),
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : undefined,
      body: body || undefined,
      isBase64Encoded: false,
      requestContext: {
        http: {
          method: route.method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: req.socket.remoteAddress ?? '',
          userAgent: headers['user-agent'] ?? '',
        },
        routeKey: routeKey(route),
        stage: '$default',
        requestId: randomUUID(),
        timeEpoch: Date.now(),
      },
    } as unknown as APIGatewayProxyEventV2;
    const result = await (await handler)(event, lambdaContext(route));
    res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string> | undefined);
    res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
  } catch (error) {
    // API Gateway answers a failed integration with 500 and no details.
    console.error(`${routeKey(route)} failed:`, error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Internal Server Error' }));
  }
}
