import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';

// The API is a stand-in that counts the page's requests; the live path runs on the stack in
// tests/integration/team-check-ins-live.test.ts and tests/browser/scoring.test.ts.
const requests: string[] = [];
let checkedIn: () => void = () => undefined;
jest.mock('@/lib/api-client', () => ({
  ...jest.requireActual('@/lib/api-client'),
  callApi: async (document: string) => {
    if (document.includes('query TeamStatistics(')) {
      requests.push('statistics');
      return { team: { name: 'Night Owls' } };
    }
    if (document.includes('query TeamMemberScores(')) {
      requests.push('members');
      return { teamMemberScores: [] };
    }
    throw new Error(`Unexpected operation: ${document}`);
  },
  subscribeApi: (_document: string, _variables: unknown, { next }: { next: () => void }) => {
    checkedIn = next;
    return () => undefined;
  },
}));

const { LIVE_REFRESH_MS, useTeamCheckInsLive, useTeamMemberScores, useTeamStatistics } =
  require('./team-statistics') as typeof import('./team-statistics');

/** What an open analytics page asks: the statistics and the members table of one window, kept live. */
function AnalyticsPage() {
  useTeamStatistics('team-1', { days: 7 });
  useTeamMemberScores('team-1', { days: 7 });
  useTeamCheckInsLive('team-1');
  return null;
}

/** Lets the page's requests run (promises) after the clock moved. */
const settle = () => act(async () => undefined);

describe('live team analytics', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    requests.length = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('reads again at most once every few seconds however many members check in, and shows the last of them', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AnalyticsPage />
      </QueryClientProvider>,
    );
    await settle();
    expect(requests.sort()).toEqual(['members', 'statistics']);

    // The first check-in after a quiet spell: read at once.
    requests.length = 0;
    act(() => checkedIn());
    await settle();
    expect(requests.sort()).toEqual(['members', 'statistics']);

    // A team of 50 checking in over the next four seconds: nothing until the few seconds are up, then one read for all.
    requests.length = 0;
    for (let member = 0; member < 50; member += 1) {
      act(() => {
        jest.advanceTimersByTime(80);
        checkedIn();
      });
    }
    await settle();
    expect(requests).toEqual([]);
    await act(async () => jest.advanceTimersByTime(LIVE_REFRESH_MS - 50 * 80));
    await settle();
    expect(requests.sort()).toEqual(['members', 'statistics']);

    // Quiet again: nothing more is read.
    requests.length = 0;
    await act(async () => jest.advanceTimersByTime(60_000));
    expect(requests).toEqual([]);
  });
});
