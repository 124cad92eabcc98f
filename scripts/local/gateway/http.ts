import type { IncomingMessage, ServerResponse } from 'node:http';
import { execute, getOperationAST, GraphQLError, parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import { apiLimits } from '../../../lambdas/api-limits';
import { lowerCaseKeys, type Authenticate, type Principal } from './auth';
import { BoundedCache } from '@core/bounded-cache';
import { MalformedRequestException, requestErrorBody, toAppSyncError, TypedError, UnauthorizedException } from './errors';
import { requestInfoOf } from './event';
import type { GatewayContext } from './executable-schema';
import { isSigV4, type VerifyIam } from './iam';
import { validateWithinLimits } from './limits';
import type { SubscriptionHub } from './subscriptions';

const GRAPHQL_PATH = '/graphql';

const corsHeaders = {
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, x-amz-date, x-amz-user-agent, x-amz-security-token',
  'access-control-expose-headers': 'x-amzn-ErrorType',
  'access-control-max-age': '86400',
};

/**
 * CORS: only the app's own origins get a grant (the local API signs in as anyone the developer's browser holds tokens
 * for, so any page the developer visits must not call it); other origins get no access-control-allow-origin.
 */
function corsHeadersFor(allowedOrigins: readonly string[], origin: string | undefined): Record<string, string> {
  const grant: Record<string, string> = origin && allowedOrigins.includes(origin) ? { 'access-control-allow-origin': origin } : {};
  return { ...grant, vary: 'Origin', ...corsHeaders };
}

interface GraphQLRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

interface HttpDeps {
  schema: GraphQLSchema;
  authenticate: Authenticate;
  /** AppSync's IAM mode (SigV4-signed requests); without it such requests are refused. */
  verifyIam?: VerifyIam;
  hub: SubscriptionHub;
  /** The origins granted CORS (the app's own); none: no cross-origin grant at all. */
  allowedOrigins?: readonly string[];
}

function send(res: ServerResponse, status: number, body: unknown, errorType?: string): void {
  if (res.headersSent) return;
  // AWS clients (Amplify among them) name a failed request's error after this header.
  const typeHeader = errorType ? { 'x-amzn-ErrorType': errorType } : {};
  const cors = corsOf.get(res) ?? {};
  res.writeHead(status, { ...cors, ...typeHeader, 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** The CORS headers a response carries, set once per request by createHttpHandler. */
const corsOf = new WeakMap<ServerResponse, Record<string, string>>();

function sendRequestError(res: ServerResponse, status: number, error: TypedError): void {
  send(res, status, requestErrorBody(error), error.errorType);
}

const bodyTooLarge = () =>
  new TypedError('PayloadTooLargeException', `The request body is larger than ${apiLimits.requestBodyBytes / 1024 / 1024} MB.`);

/**
 * The body as text, up to AppSync's size limit. Past it, nothing more is kept: the rest is read and dropped so the
 * client, still sending, gets the 413 instead of a reset connection.
 */
function readBody(req: IncomingMessage): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > apiLimits.requestBodyBytes) {
    req.resume();
    return Promise.reject(bodyTooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= apiLimits.requestBodyBytes) {
        chunks.push(chunk);
        return;
      }
      req.off('data', collect);
      req.resume();
      reject(bodyTooLarge());
    };
    req.on('data', collect);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseRequest(body: string): GraphQLRequest {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new MalformedRequestException('Invalid JSON payload in POST request.');
  }
  const { query, variables, operationName } = (json ?? {}) as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') throw new MalformedRequestException('The request has no GraphQL query.');
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) {
    throw new MalformedRequestException('variables must be a JSON object.');
  }
  if (operationName != null && typeof operationName !== 'string') throw new MalformedRequestException('operationName must be a string.');
  return { query, variables: (variables ?? {}) as Record<string, unknown>, operationName: operationName ?? undefined };
}

function parseDocument(query: string): DocumentNode {
  try {
    return parse(query);
  } catch (error) {
    throw new MalformedRequestException(error instanceof GraphQLError ? error.message : 'Unable to parse GraphQL query.');
  }
}

/** A query text parsed and validated against the schema: the same text always gives the same answer. */
interface CheckedDocument {
  document: DocumentNode;
  validationErrors: readonly GraphQLError[];
}

/** How many distinct query texts keep their parsed and validated document (the web app sends a few dozen). */
const DOCUMENT_CACHE_SIZE = 500;

/** Parsing and validating is per query text, not per request: clients send the same few texts over and over. */
function documentChecker(schema: GraphQLSchema) {
  const checked = new BoundedCache<string, CheckedDocument>(DOCUMENT_CACHE_SIZE);
  return (query: string): CheckedDocument => {
    let result = checked.get(query);
    if (!result) {
      const document = parseDocument(query);
      result = { document, validationErrors: validateWithinLimits(schema, document) };
      checked.set(query, result);
    }
    return result;
  };
}

const statusOf = (error: TypedError) => (error instanceof UnauthorizedException ? 401 : error.errorType === 'PayloadTooLargeException' ? 413 : 400);

async function serve(deps: HttpDeps, checkDocument: ReturnType<typeof documentChecker>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = lowerCaseKeys(req.headers);
  let principal: Principal;
  let rawBody: string;
  if (isSigV4(headers)) {
    // A signature covers the body, so it is read first.
    if (!deps.verifyIam) throw new UnauthorizedException('IAM authorization is not configured.');
    rawBody = await readBody(req);
    principal = { mode: 'iam', ...(await deps.verifyIam({ method: req.method ?? 'POST', url: req.url ?? GRAPHQL_PATH, headers, body: rawBody })) };
  } else {
    principal = await deps.authenticate(headers);
    rawBody = await readBody(req);
  }
  const request = parseRequest(rawBody);
  const { document, validationErrors } = checkDocument(request.query);
  if (validationErrors.length > 0) {
    send(res, 200, { data: null, errors: validationErrors.map((error) => toAppSyncError(error, 'ValidationError')) });
    return;
  }
  const operation = getOperationAST(document, request.operationName);
  if (!operation) throw new MalformedRequestException('The request names no single operation to run.');
  if (operation.operation === 'subscription') {
    throw new TypedError('UnsupportedOperation', 'Subscriptions are served over the realtime endpoint (/graphql/realtime).');
  }

  const contextValue: GatewayContext = {
    principal,
    request: requestInfoOf(headers, req.socket),
    mutations: [],
  };
  const result = await execute({
    schema: deps.schema,
    document,
    operationName: request.operationName,
    variableValues: request.variables,
    contextValue,
  });
  // Subscribers hear about a mutation before its caller gets the answer, so a client that awaits the
  // mutation and then checks its subscription sees the event (AWS gives no such ordering promise).
  await deps.hub.publish(contextValue.mutations);
  // Without `data`, the operation never ran: its variables were rejected.
  const fallbackType = 'data' in result ? null : 'ValidationError';
  const body = result.errors?.length
    ? { data: result.data ?? null, errors: result.errors.map((error) => toAppSyncError(error, fallbackType)) }
    : { data: result.data ?? null };
  send(res, 200, body);
}

/** POST /graphql (and its CORS preflight), answering as AppSync's HTTP endpoint does. */
export function createHttpHandler(deps: HttpDeps) {
  const checkDocument = documentChecker(deps.schema);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== GRAPHQL_PATH) return false;
    const cors = corsHeadersFor(deps.allowedOrigins ?? [], req.headers.origin);
    corsOf.set(res, cors);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return true;
    }
    if (req.method !== 'POST') {
      sendRequestError(res, 405, new TypedError('MethodNotAllowedException', 'Only POST is supported.'));
      return true;
    }
    serve(deps, checkDocument, req, res).catch((error: unknown) => {
      if (error instanceof TypedError) sendRequestError(res, statusOf(error), error);
      else sendRequestError(res, 500, new TypedError('InternalFailure', (error as Error)?.message ?? String(error)));
    });
    return true;
  };
}
