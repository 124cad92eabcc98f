/** The numbers on the portals' team cards and the sidebar's tooltips: a team's latest score and its member count. */
import { queryOptions, useQueries } from '@tanstack/react-query';
import { callApi, gqlOperation } from '@/lib/api-client';
import { teamKeys } from './keys';

const latestScoreQuery = gqlOperation(/* GraphQL */ `
  query TeamLatestScore($teamId: ID!, $days: Int) {
    myTeamScoreStats(type: fgScore, teamId: $teamId, days: $days) {
      mainScoreStatistics {
        date
        value
      }
    }
  }
`);

const membersCountQuery = gqlOperation(/* GraphQL */ `
  query TeamMembersCount($teamId: ID!) {
    team(teamId: $teamId, take: 1) {
      id
      membersCount
    }
  }
`);

/** The portal card (and the sidebar's tooltip) asks for a 1-day score window (docs/scoring.md, "Windows"). */
const LATEST_SCORE_DAYS = 1;

/** The team's main score (fgScore) on the last day of a window of `days` score days ending today; null without one. */
async function fetchLatestTeamScore(teamId: string, days: number): Promise<number | null> {
  const points = (await callApi(latestScoreQuery, { teamId, days })).myTeamScoreStats?.mainScoreStatistics ?? [];
  return points.at(-1)?.value ?? null;
}

const fetchMembersCount = async (teamId: string) => (await callApi(membersCountQuery, { teamId })).team?.membersCount ?? 0;

const latestScoreQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.latestScore(teamId), queryFn: () => fetchLatestTeamScore(teamId, LATEST_SCORE_DAYS) });

const membersCountQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.membersCount(teamId), queryFn: () => fetchMembersCount(teamId) });

/** Each team's latest main score (undefined while loading, null without one or when it could not be read), by team id. */
export function useLatestTeamScores(teamIds: readonly string[]): Map<string, number | null | undefined> {
  const results = useQueries({ queries: teamIds.map(latestScoreQueryOptions) });
  return new Map(teamIds.map((id, index) => [id, results[index]?.isError ? null : results[index]?.data]));
}

/** Each team's member count (gamers and coaches), by team id. */
export function useMembersCounts(teamIds: readonly string[]): Map<string, number | undefined> {
  const results = useQueries({ queries: teamIds.map(membersCountQueryOptions) });
  return new Map(teamIds.map((id, index) => [id, results[index]?.data]));
}
