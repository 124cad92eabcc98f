import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Retries of a read after a transient failure; each call already has Amplify's own quick retries (docs/architecture.md). */
export const READ_RETRIES = 3;
const RETRY_BASE_MS = 1_000;
const RETRY_CAP_MS = 8_000;
/** While the server is unreachable, the reads that failed are asked again this often, so pages recover by themselves. */
export const RECHECK_MS = 5_000;

/**
 * errorTypes that say the service, not the request, failed: AppSync's own, a resolver's that crashed or was
 * throttled (e.g. its database unreachable), and TryAgain (a write that met concurrent writes of the same records on
 * every try: lambdas/lib/errors.ts). The app's own refusals (Unauthorized, ValidationError, NotFound, Conflict,
 * TooManyRequests for a user's allowance of an action) fail the same way when asked again.
 */
const TRANSIENT_ERROR_TYPES = new Set([
  'TryAgain',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'Lambda:Unhandled',
]);

/** The call got no GraphQL answer: the network failed, or the server (or a proxy in front of it) answered 5xx or 429. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.transport === null) return false;
  return error.transport === 'network' || error.transport >= 500 || error.transport === 429;
}

/** Whether asking again may succeed: the server was unreachable, overloaded or failed inside. */
export function isTransient(error: unknown): boolean {
  return isUnreachable(error) || (error instanceof ApiError && TRANSIENT_ERROR_TYPES.has(error.errorType ?? ''));
}

/** TanStack Query's `retry` for reads: a few more tries after a transient failure, none after a refusal. */
const retryRead = (failureCount: number, error: unknown): boolean => failureCount < READ_RETRIES && isTransient(error);

/** Exponential backoff with jitter (half fixed, half random), capped, so many tabs do not retry in step. */
export function readRetryDelay(failureCount: number): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** failureCount);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

type Listener = () => void;

/** Whether the server answered lately: false once a read stayed unreachable through its retries, true on the next answer. */
class ServerReachability {
  private reachable = true;
  private readonly listeners = new Set<Listener>();

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly isReachable = (): boolean => this.reachable;

  set(reachable: boolean): void {
    if (reachable === this.reachable) return;
    this.reachable = reachable;
    for (const listener of this.listeners) listener();
  }
}

export const serverReachability = new ServerReachability();

/** One cache for the app's server state. */
export function createQueryClient(): QueryClient {
  // TanStack Query assumes "online" until an offline event: a page opened without a connection (the installed app's
  // shell from its service worker) would spend its reads' retries and show errors. Paused reads say "offline" and
  // resume on the browser's online event instead.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  let recheck: ReturnType<typeof setTimeout> | undefined;
  const answered = () => {
    clearTimeout(recheck);
    recheck = undefined;
    serverReachability.set(true);
  };
  const askAgain = () => {
    recheck = undefined;
    const failed = { type: 'active' as const, predicate: (query: { state: { status: string } }) => query.state.status === 'error' };
    // Nothing on screen waits for the server any more (the user moved on): nothing left to tell.
    if (client.getQueryCache().findAll(failed).length === 0) serverReachability.set(true);
    else void client.refetchQueries(failed, { cancelRefetch: false });
  };
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (!isUnreachable(error)) return;
        serverReachability.set(false);
        recheck ??= setTimeout(askAgain, RECHECK_MS);
      },
      onSuccess: answered,
    }),
    mutationCache: new MutationCache({ onSuccess: answered }),
    defaultOptions: {
      // Mutations keep TanStack's default of no retry: most are not idempotent.
      queries: { retry: retryRead, retryDelay: readRetryDelay, refetchOnWindowFocus: false, refetchOnReconnect: 'always', staleTime: 30_000 },
    },
  });
  return client;
}

/** Every cached score read starts with this key, so a check-in can refresh them all at once. */
export const SCORES_QUERY_KEY = ['scores'] as const;

/** The signed-in user's profile (`me`, with their teams and invites); team changes refresh it through this key. */
export const ME_QUERY_KEY = ['auth', 'me'] as const;
