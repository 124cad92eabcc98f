import { useQueries, useQuery } from '@tanstack/react-query';
import { SCORES_QUERY_KEY } from '@/lib/query-client';
import { fetchLatestTeamScore, fetchMembersCount, fetchReceivedInvites } from '../api/teams-api';

/** The portal card (and the sidebar's tooltip) asks for a 1-day score window (docs/scoring.md, "Windows"). */
export const LATEST_SCORE_DAYS = 1;

/** Under the scores key, so a check-in refreshes the team scores too. */
const latestScoreQuery = (teamId: string) => ({
  queryKey: [...SCORES_QUERY_KEY, 'team-latest', teamId] as const,
  queryFn: () => fetchLatestTeamScore(teamId, LATEST_SCORE_DAYS),
});

export const RECEIVED_INVITES_QUERY_KEY = ['teams', 'received-invites'] as const;

/** Each team's latest main score (undefined while loading, null without one or when it could not be read), by team id. */
export function useLatestTeamScores(teamIds: readonly string[]): Map<string, number | null | undefined> {
  const results = useQueries({ queries: teamIds.map(latestScoreQuery) });
  return new Map(teamIds.map((id, index) => [id, results[index]?.isError ? null : results[index]?.data]));
}

/** Each team's member count (gamers and coaches), by team id. */
export function useMembersCounts(teamIds: readonly string[]): Map<string, number | undefined> {
  const results = useQueries({
    queries: teamIds.map((teamId) => ({ queryKey: ['teams', teamId, 'members-count'] as const, queryFn: () => fetchMembersCount(teamId) })),
  });
  return new Map(teamIds.map((id, index) => [id, results[index]?.data]));
}

/** The signed-in user's pending invites. */
export const useReceivedInvites = () => useQuery({ queryKey: RECEIVED_INVITES_QUERY_KEY, queryFn: fetchReceivedInvites });
