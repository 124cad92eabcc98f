import type { GraphQLResult } from 'aws-amplify/api';
import { runtimeConfig } from '@/config/runtime-config';
import type { Operations } from '@/gql/graphql';
import { afterNextPaint } from './after-next-paint';
import { renewSessionTokens } from './session-tokens';

/**
 * userPool: the signed-in user's Cognito token (the default). public: the operations that work signed out, with the
 * site's public token, which the API's Lambda authorizer accepts (AppSync's `lambda` mode; no key that expires).
 */
type AuthMode = 'userPool' | 'public';

/** A GraphQL document tagged with its result and variables types. */
export type Operation<TData, TVariables extends object> = string & {
  readonly __operation?: { data: TData; variables: TVariables };
};

/**
 * Tags a document with the types `npm run codegen` generated from it (web/src/gql/graphql.ts; docs/architecture.md,
 * "GraphQL types"). The argument must be the `/* GraphQL *\/` template literal itself, without `${}`: its text is the key
 * of the generated types, so a new or changed document fails typecheck until the types are regenerated.
 */
export const gqlOperation = <TDocument extends keyof Operations>(document: TDocument) =>
  document as string as Operation<Operations[TDocument]['data'], Operations[TDocument]['variables']>;

/** The result type of an operation, e.g. for a call that does not go through callApi. */
export type ResultOf<TOperation> = TOperation extends Operation<infer TData, object> ? TData : never;

interface ApiErrorEntry {
  message: string;
  /** AppSync's errorType (the Lambda error's name), e.g. 'Unauthorized'; null for network failures. */
  errorType: string | null;
}

/** A call that got no GraphQL answer: 'network' (no response at all) or the HTTP status of an error response. */
export type TransportFailure = 'network' | number;

/** A failed API call: GraphQL errors from the resolver, an auth failure, or the network. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly errors: ApiErrorEntry[],
    readonly transport: TransportFailure | null = null,
  ) {
    super(errors.map((entry) => entry.message).join('; ') || 'The API call failed');
  }
  get errorType(): string | null {
    return this.errors[0]?.errorType ?? null;
  }
}

/** The part of Amplify's client used here; its full generic type is too deep for tsc to compare. */
interface GraphqlClient {
  graphql(options: { query: string; variables?: object; authMode?: 'userPool' | 'lambda'; authToken?: string }): unknown;
}

/** Amplify's options for the mode: the public token goes in Authorization as AppSync's Lambda mode expects. */
const amplifyAuth = (mode: AuthMode | undefined) =>
  mode === 'public' ? { authMode: 'lambda' as const, authToken: runtimeConfig().publicToken } : { authMode: mode };

interface MessageStream<T> {
  subscribe(observer: { next: (message: T) => void; error: (reason: unknown) => void }): { unsubscribe(): void };
}

const errorListeners = new Set<(error: ApiError) => void>();

/** Hears every failed call and subscription (e.g. the session reacts to an expired token); returns the unsubscribe. */
export function onApiError(listener: (error: ApiError) => void): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

function reported(error: ApiError): ApiError {
  for (const listener of errorListeners) listener(error);
  return error;
}

let client: Promise<GraphqlClient> | null = null;

/**
 * Amplify's GraphQL client, loaded and configured on the first call: aws-amplify is the largest part of the app's
 * JavaScript, and a page that makes no call yet (the sign-in form, the simulator) paints without it; a page that
 * calls on its first render paints before it loads.
 */
function apiClient(): Promise<GraphqlClient> {
  client ??= (async () => {
    const config = runtimeConfig();
    // The page paints first: its first render is what asks, and the code below is some 57 KB gzipped.
    await afterNextPaint();
    // The JWT decoder too, which the token provider (session-tokens.ts) imports on the first signed-in call: loaded
    // here, it comes with the rest instead of one round trip later.
    const [{ configureAmplify }, { generateClient }] = await Promise.all([import('./amplify'), import('aws-amplify/api'), import('./decode-jwt')]);
    configureAmplify(config);
    return generateClient() as GraphqlClient;
  })();
  client.catch(() => {
    // A failed load (e.g. offline) is tried again on the next call.
    client = null;
  });
  return client;
}

/**
 * Amplify wraps a request that got no GraphQL answer in the `errors` entry's originalError: its NetworkError when
 * fetch failed, or its REST error carrying the HTTP status of an error response (e.g. a 503 from a proxy).
 */
function transportFailureOf(original: unknown): TransportFailure | null {
  if (original instanceof TypeError) return 'network';
  const failure = original as { name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null | undefined;
  if (failure?.name === 'NetworkError') return 'network';
  const status = failure?.$metadata?.httpStatusCode;
  return typeof status === 'number' ? status : null;
}

/**
 * A 401 from AppSync (or the local gateway) reaches us as Amplify's "Unauthorized" with no errorType: its original error
 * is named from the x-amzn-ErrorType header. Naming it lets the session tell a refused token from other failures.
 */
function refusedTokenType(original: { name?: unknown } | null | undefined): string | null {
  return original?.name === 'UnauthorizedException' ? 'UnauthorizedException' : null;
}

/** Amplify rejects with `{ data, errors }` (or, rarely, a plain Error); this turns either into an ApiError. */
export function toApiError(reason: unknown): ApiError {
  if (reason instanceof ApiError) return reason;
  const errors = (reason as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return new ApiError(
      errors.map((entry: { message?: unknown; errorType?: unknown; originalError?: { name?: unknown } | null }) => ({
        message: typeof entry?.message === 'string' ? entry.message : 'Unknown error',
        errorType: typeof entry?.errorType === 'string' ? entry.errorType : refusedTokenType(entry?.originalError),
      })),
      transportFailureOf((errors[0] as { originalError?: unknown } | null)?.originalError),
    );
  }
  // A plain TypeError is fetch's (or a lazy chunk's) network failure.
  return new ApiError([{ message: reason instanceof Error ? reason.message : String(reason), errorType: null }], transportFailureOf(reason));
}

/**
 * The server refused the user's token itself (not a rule of the product): AppSync's or the gateway's 401, or a resolver's
 * "jwt expired" (a token issued before a sign-out on another device, docs/accounts.md "Sessions").
 */
export function isRefusedToken(error: ApiError): boolean {
  return error.transport === 401 || error.errors.some((entry) => entry.errorType === 'UnauthorizedException' || /jwt expired/i.test(entry.message));
}

/**
 * Runs a query or mutation and returns its data; throws ApiError. A signed-in call whose token the server refuses is
 * sent once more after the session has been renewed (docs/accounts.md, "In the web app"); when it cannot be renewed the
 * session has ended, and the error goes on to the caller.
 */
export async function callApi<TData, TVariables extends object>(
  operation: Operation<TData, TVariables>,
  variables?: TVariables,
  options: { authMode?: AuthMode } = {},
): Promise<TData> {
  const send = async () =>
    ((await (await apiClient()).graphql({ query: operation, variables, ...amplifyAuth(options.authMode) })) as GraphQLResult<TData>).data;
  try {
    return await send();
  } catch (reason) {
    const error = toApiError(reason);
    if (options.authMode === 'public' || !isRefusedToken(error) || !(await renewSessionTokens())) throw reported(error);
  }
  try {
    return await send();
  } catch (reason) {
    throw reported(toApiError(reason));
  }
}

/** Opens a subscription over the realtime socket; returns the function that closes it. */
export function subscribeApi<TData, TVariables extends object>(
  operation: Operation<TData, TVariables>,
  variables: TVariables,
  handlers: { next: (data: TData) => void; error?: (error: ApiError) => void },
  options: { authMode?: AuthMode } = {},
): () => void {
  let closed = false;
  let close = () => {
    closed = true;
  };
  apiClient().then(
    (api) => {
      if (closed) return;
      const messages = api.graphql({ query: operation, variables, ...amplifyAuth(options.authMode) }) as MessageStream<{ data: TData }>;
      const subscription = messages.subscribe({
        next: (message) => handlers.next(message.data),
        error: (reason) => handlers.error?.(reported(toApiError(reason))),
      });
      close = () => subscription.unsubscribe();
    },
    (reason: unknown) => handlers.error?.(reported(toApiError(reason))),
  );
  return () => close();
}
