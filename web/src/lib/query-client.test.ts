import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { ApiError, type TransportFailure } from './api-client';
import { createQueryClient, READ_RETRIES, readRetryDelay, RECHECK_MS, serverReachability } from './query-client';

const failure = (errorType: string | null, transport: TransportFailure | null = null) =>
  new ApiError([{ message: `failed: ${errorType ?? transport}`, errorType }], transport);

const NETWORK = failure(null, 'network');

/** Runs a read that always fails with `error` until it gives up; returns how many times it asked. */
async function attemptsOfFailingRead(client: QueryClient, error: ApiError): Promise<number> {
  let attempts = 0;
  const read = client.fetchQuery({
    queryKey: ['read', error.message],
    queryFn: async () => {
      attempts += 1;
      throw error;
    },
  });
  const settled = read.catch((reason: unknown) => reason);
  await jest.runAllTimersAsync();
  await expect(settled).resolves.toBe(error);
  return attempts;
}

/** A new query client for each test of the block, on fake timers, and the reachability it may change put back after. */
function freshClientPerTest(): () => QueryClient {
  let client: QueryClient;
  beforeEach(() => {
    jest.useFakeTimers();
    client = createQueryClient();
  });
  afterEach(() => {
    client.clear();
    serverReachability.set(true);
    jest.useRealTimers();
  });
  return () => client;
}

describe('retrying reads', () => {
  const client = freshClientPerTest();

  it.each([
    ['a network failure', NETWORK],
    ['a 503 from the server', failure(null, 503)],
    ['a 429 (throttled)', failure(null, 429)],
    ['a resolver that crashed (Lambda:Unhandled)', failure('Lambda:Unhandled')],
    ['a throttled database', failure('ProvisionedThroughputExceededException')],
  ])('asks again after %s, a few times, then gives up', async (_case, error) => {
    await expect(attemptsOfFailingRead(client(), error)).resolves.toBe(1 + READ_RETRIES);
  });

  it.each([
    ['Unauthorized', failure('Unauthorized')],
    ['UnauthorizedException (HTTP 401)', failure('UnauthorizedException', 401)],
    ['ValidationError', failure('ValidationError')],
    ['NotFound', failure('NotFound')],
    ["TooManyRequests (the user's daily allowance)", failure('TooManyRequests')],
    ['a plain error of the page', new ApiError([{ message: 'bad data', errorType: null }])],
  ])('does not ask again after %s: it would fail the same way', async (_case, error) => {
    await expect(attemptsOfFailingRead(client(), error)).resolves.toBe(1);
  });

  it('succeeds on a later try without the caller seeing the failures', async () => {
    let attempts = 0;
    const read = client().fetchQuery({
      queryKey: ['flaky'],
      queryFn: async () => {
        attempts += 1;
        if (attempts < 3) throw NETWORK;
        return 'data';
      },
    });
    await jest.runAllTimersAsync();
    await expect(read).resolves.toBe('data');
    expect(attempts).toBe(3);
  });

  it('does not retry a mutation, even after a network failure (most are not idempotent)', async () => {
    const mutationFn = jest.fn(async () => {
      throw NETWORK;
    });
    const mutation = new MutationObserver(client(), { mutationFn }).mutate().catch((reason: unknown) => reason);
    await jest.runAllTimersAsync();
    await expect(mutation).resolves.toBe(NETWORK);
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});

describe('readRetryDelay', () => {
  afterEach(() => jest.restoreAllMocks());

  it('doubles from about a second, with up to half of each delay random, and stops growing at 8 seconds', () => {
    const random = jest.spyOn(Math, 'random');
    const delays = (draw: number) => {
      random.mockReturnValue(draw);
      return [0, 1, 2, 3, 4, 10].map(readRetryDelay);
    };
    expect(delays(0)).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect(delays(0.999999).map(Math.round)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

describe('server reachability', () => {
  const client = freshClientPerTest();

  /** A read on screen (an observed query) whose answers the test decides. */
  function readOnScreen(answer: () => Promise<string>) {
    const observer = new QueryObserver(client(), { queryKey: ['on-screen'], queryFn: answer });
    const results: string[] = [];
    const stop = observer.subscribe((result) => {
      if (result.data) results.push(result.data);
    });
    return { results, stop };
  }

  it('is lost when a read stays unreachable through its retries, and back when the failed read, asked again, succeeds', async () => {
    let serverUp = false;
    const seen = jest.fn();
    const unsubscribe = serverReachability.subscribe(seen);
    const screenRead = readOnScreen(async () => {
      if (!serverUp) throw NETWORK;
      return 'the page';
    });

    // Through its retries (at most 1 + 2 + 4 s) the read still counts as pending, not unreachable.
    await jest.advanceTimersByTimeAsync(500);
    expect(serverReachability.isReachable()).toBe(true);
    await jest.advanceTimersByTimeAsync(15_000);
    expect(serverReachability.isReachable()).toBe(false);
    expect(seen).toHaveBeenCalledTimes(1);

    serverUp = true;
    await jest.advanceTimersByTimeAsync(RECHECK_MS);
    expect(serverReachability.isReachable()).toBe(true);
    expect(screenRead.results).toEqual(['the page']);
    screenRead.stop();
    unsubscribe();
  });

  it('keeps asking while the server stays down', async () => {
    let attempts = 0;
    const screenRead = readOnScreen(async () => {
      attempts += 1;
      throw NETWORK;
    });
    await jest.advanceTimersByTimeAsync(15_000);
    const attemptsWhenLost = attempts;
    await jest.advanceTimersByTimeAsync(RECHECK_MS + 15_000);
    expect(serverReachability.isReachable()).toBe(false);
    expect(attempts).toBeGreaterThan(attemptsWhenLost);
    screenRead.stop();
  });

  it('is not lost when the server answers with a refusal', async () => {
    const screenRead = readOnScreen(async () => {
      throw failure('Unauthorized');
    });
    await jest.advanceTimersByTimeAsync(15_000);
    expect(serverReachability.isReachable()).toBe(true);
    screenRead.stop();
  });
});
