/** The numbers on the portals' team cards and the sidebar's tooltips: a team's latest score (with its day) and its member count. */
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

/**
 * How far back the portal card looks for the team's latest score (docs/teams.md, "Team cards"): one bounded Query of
 * at most this many team-day items, so a team nobody checked in with today still shows its last score and day.
 */
const LATEST_SCORE_DAYS = 30;

/** A team's latest main score (fgScore) and the score day it is of. */
export interface LatestTeamScore {
  value: number;
  date: string;
}

/** The team's main score on the last day with one in the `days` score days ending today; null without one. */
async function fetchLatestTeamScore(teamId: string, days: number): Promise<LatestTeamScore | null> {
  const points = (await callApi(latestScoreQuery, { teamId, days })).myTeamScoreStats?.mainScoreStatistics ?? [];
  const latest = points.at(-1);
  return latest ? { value: latest.value, date: latest.date } : null;
}

const fetchMembersCount = async (teamId: string) => (await callApi(membersCountQuery, { teamId })).team?.membersCount ?? 0;

const latestScoreQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.latestScore(teamId), queryFn: () => fetchLatestTeamScore(teamId, LATEST_SCORE_DAYS) });

const membersCountQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.membersCount(teamId), queryFn: () => fetchMembersCount(teamId) });

/** Each team's latest main score (undefined while loading, null without one or when it could not be read), by team id. */
export function useLatestTeamScores(teamIds: readonly string[]): Map<string, LatestTeamScore | null | undefined> {
  const results = useQueries({ queries: teamIds.map(latestScoreQueryOptions) });
  return new Map(teamIds.map((id, index) => [id, results[index]?.isError ? null : results[index]?.data]));
}

/** Each team's member count (gamers and coaches), by team id. */
export function useMembersCounts(teamIds: readonly string[]): Map<string, number | undefined> {
  const results = useQueries({ queries: teamIds.map(membersCountQueryOptions) });
  return new Map(teamIds.map((id, index) => [id, results[index]?.data]));
}
