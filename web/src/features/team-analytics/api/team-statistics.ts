import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { rangeProblem, type WindowChoice } from '@/components/charts/chart-data';
import type { TeamMemberScoresQuery, TeamStatisticsQuery } from '@/gql/graphql';
import { type ApiError, callApi, gqlOperation, subscribeApi } from '@/lib/api-client';
import { useViewer } from '@/lib/viewer';
import { teamAnalyticsKeys } from './keys';
import { windowArgs } from './window-args';

/** A team's statistics over a window: FG Score and pillars averaged per date, game scores each member's own. */
export type TeamStatistics = { teamName: string | null } & Omit<TeamStatisticsQuery, 'team'>;

const teamStatisticsQuery = gqlOperation(/* GraphQL */ `
  query TeamStatistics($teamId: ID!, $withName: Boolean!, $days: Int, $startDate: AWSDate, $endDate: AWSDate) {
    team(teamId: $teamId, take: 1) @include(if: $withName) {
      name
    }
    fgScore: myTeamScoreStats(type: fgScore, teamId: $teamId, days: $days, startDate: $startDate, endDate: $endDate) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
        userId
      }
      perPillarScoreStatistics {
        pillarSlug
        points {
          date
          value
          userId
        }
      }
    }
    gameReadiness: myTeamScoreStats(type: gameReadiness, teamId: $teamId, days: $days, startDate: $startDate, endDate: $endDate) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
        userId
      }
    }
    gamePerformance: myTeamScoreStats(type: gamePerformance, teamId: $teamId, days: $days, startDate: $startDate, endDate: $endDate) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
        userId
      }
    }
  }
`);

/**
 * The team's name is asked only when the viewer does not know it (an admin's look at another team): the `team` field
 * is one more invocation and DynamoDB read per load (docs/performance.md, "Per-operation budgets").
 */
async function getTeamStatistics(teamId: string, choice: WindowChoice, knownName: string | null): Promise<TeamStatistics> {
  const { team, ...statistics } = await callApi(teamStatisticsQuery, { teamId, withName: knownName === null, ...windowArgs(choice) });
  return { teamName: knownName ?? team?.name ?? null, ...statistics };
}

/** The team's name as the signed-in user's own teams give it, if the team is one of them. */
function useKnownTeamName(teamId: string): string | null {
  const teams = useViewer()?.teams;
  const own = teams ? [...teams.owned, ...teams.coached, ...teams.member] : [];
  return own.find((team) => team.id === teamId)?.name ?? null;
}

/**
 * One gamer of the team with his score card now, today's check-in and his check-ins over the window
 * (schema.graphql TeamMemberScore; docs/teams.md, "Compliance").
 */
export type TeamMemberScore = TeamMemberScoresQuery['teamMemberScores'][number];

const teamMemberScoresQuery = gqlOperation(/* GraphQL */ `
  query TeamMemberScores($teamId: ID!, $days: Int, $startDate: AWSDate, $endDate: AWSDate) {
    teamMemberScores(teamId: $teamId, days: $days, startDate: $startDate, endDate: $endDate) {
      userId
      fullName
      email
      avatar
      date
      fgScore
      gameReadiness
      gaming
      streak
      avgCompletion
      checkedInToday
      lastCheckInAt
      daysCheckedIn
      daysCounted
      checkInRate
      lastCheckInDate
      lastGameReadiness
      lastAvgCompletion
      fgBaseline {
        mean
        sd
        count
      }
      fgDeviation {
        delta
        z
        below
      }
      days {
        date
        fgScore
        baselineDeviation {
          delta
          z
          below
        }
      }
    }
  }
`);

const getTeamMemberScores = async (teamId: string, choice: WindowChoice) =>
  (await callApi(teamMemberScoresQuery, { teamId, ...windowArgs(choice) })).teamMemberScores;

const teamCheckInSubscription = gqlOperation(/* GraphQL */ `
  subscription OnTeamCheckIn($teamId: ID!) {
    onTeamCheckIn(teamId: $teamId) {
      teamId
      userId
      date
      at
    }
  }
`);

/** Calls back whenever a member of the team checks in (onTeamCheckIn); returns the function that stops. */
function onTeamCheckIn(teamId: string, checkedIn: () => void, failed: (error: ApiError) => void): () => void {
  return subscribeApi(teamCheckInSubscription, { teamId }, { next: checkedIn, error: failed });
}

const teamStatisticsOptions = (teamId: string, choice: WindowChoice, knownName: string | null) =>
  queryOptions({
    queryKey: teamAnalyticsKeys.teamStatistics(teamId, choice),
    queryFn: () => getTeamStatistics(teamId, choice, knownName),
    enabled: rangeProblem(choice) === null,
    // Switching windows keeps the charts on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** The team's statistics over the window (nothing is asked while the window's range is not valid). */
export const useTeamStatistics = (teamId: string, choice: WindowChoice) => useQuery(teamStatisticsOptions(teamId, choice, useKnownTeamName(teamId)));

const teamMemberScoresOptions = (teamId: string, choice: WindowChoice, enabled: boolean) =>
  queryOptions({
    queryKey: teamAnalyticsKeys.teamMemberScores(teamId, choice),
    queryFn: () => getTeamMemberScores(teamId, choice),
    enabled: enabled && rangeProblem(choice) === null,
    placeholderData: keepPreviousData,
  });

/** The team's members with their scores and check-ins over the window (asked only when `enabled`). */
export const useTeamMemberScores = (teamId: string, choice: WindowChoice, enabled = true) =>
  useQuery(teamMemberScoresOptions(teamId, choice, enabled));

/** However many members check in, an open analytics page reads its statistics again at most once in this time. */
export const LIVE_REFRESH_MS = 5_000;

/**
 * Keeps the page live: when a member checks in (onTeamCheckIn), the team's statistics and members table are read
 * again, so an open page shows the new scores without a reload. At once for a check-in after a quiet spell; within
 * LIVE_REFRESH_MS of the last read, once when that time is up, for all the check-ins heard meanwhile (a team checking
 * in together costs each open page two requests every few seconds, not two per member).
 */
export function useTeamCheckInsLive(teamId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let lastRead = -Infinity;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const readAgain = () => {
      pending = undefined;
      lastRead = Date.now();
      void queryClient.invalidateQueries({ queryKey: teamAnalyticsKeys.team(teamId) });
      void queryClient.invalidateQueries({ queryKey: teamAnalyticsKeys.teamMembers(teamId) });
    };
    const stop = onTeamCheckIn(
      teamId,
      () => {
        // A read already planned will show this check-in too.
        if (pending !== undefined) return;
        const wait = lastRead + LIVE_REFRESH_MS - Date.now();
        if (wait <= 0) readAgain();
        else pending = setTimeout(readAgain, wait);
      },
      // The page still works without live updates; the API client reports the failure (e.g. an expired session).
      () => undefined,
    );
    return () => {
      stop();
      clearTimeout(pending);
    };
  }, [teamId, queryClient]);
}
