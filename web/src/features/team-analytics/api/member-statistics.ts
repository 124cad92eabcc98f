import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rangeProblem, type WindowChoice } from '@/components/charts/chart-data';
import type { MemberStatisticsQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { teamAnalyticsKeys } from './keys';
import { windowArgs } from './window-args';

/** One member, day and pillar (schema.graphql UserScoreStatistic), with its id: what the statistics export writes. */
export type UserScoreStatistic = MemberStatistics['userScoreStatistics'][number];

export type MemberAnswer = MemberStatistics['userAnswers'][number];

/** One member's statistics over a window: each main score, the pillars, his rows per day and pillar and his answers. */
export type MemberStatistics = MemberStatisticsQuery;

const memberStatisticsQuery = gqlOperation(/* GraphQL */ `
  query MemberStatistics($userId: ID!, $days: Int, $startDate: AWSDate, $endDate: AWSDate) {
    fgScore: myScoreStats(userId: $userId, type: fgScore, days: $days, startDate: $startDate, endDate: $endDate) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
      }
      perPillarScoreStatistics {
        pillarSlug
        points {
          date
          value
        }
      }
    }
    daily: myScoreStats(userId: $userId, type: daily, days: $days, startDate: $startDate, endDate: $endDate) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
      }
    }
    gameReadiness: myScoreStats(userId: $userId, type: gameReadiness, days: $days, startDate: $startDate, endDate: $endDate) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
      }
    }
    gamePerformance: myScoreStats(userId: $userId, type: gamePerformance, days: $days, startDate: $startDate, endDate: $endDate) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
      }
    }
    userScoreStatistics(userId: $userId, days: $days, startDate: $startDate, endDate: $endDate) {
      id
      date
      fgScore
      gameReadiness
      pillarSlug
      score
      pureScore
      completenessScore
      totalAnswers
      totalQuestions
    }
    userAnswers(userId: $userId, days: $days, startDate: $startDate, endDate: $endDate) {
      date
      questionSlug
      pillarSlug
      value
      score
    }
  }
`);

const getMemberStatistics = (userId: string, choice: WindowChoice) => callApi(memberStatisticsQuery, { userId, ...windowArgs(choice) });

/** The member's name, from his team's member list (readable by the team's members and staff). */
const memberNameQuery = gqlOperation(/* GraphQL */ `
  query TeamMemberNames($teamId: ID!) {
    team(teamId: $teamId, take: 50) {
      members {
        userId
        fullName
        email
      }
    }
  }
`);

async function getMemberName(teamId: string, userId: string): Promise<string | null> {
  const member = (await callApi(memberNameQuery, { teamId })).team?.members?.find((candidate) => candidate.userId === userId);
  return member ? (member.fullName ?? member.email) : null;
}

const memberStatisticsOptions = (userId: string, choice: WindowChoice) =>
  queryOptions({
    queryKey: teamAnalyticsKeys.memberStatistics(userId, choice),
    queryFn: () => getMemberStatistics(userId, choice),
    enabled: userId !== '' && rangeProblem(choice) === null,
    placeholderData: keepPreviousData,
  });

/** One member's statistics over the window (nothing is asked without a member or while the range is not valid). */
export const useMemberStatistics = (userId: string, choice: WindowChoice) => useQuery(memberStatisticsOptions(userId, choice));

const memberNameOptions = (teamId: string | null, userId: string, enabled: boolean) =>
  queryOptions({
    queryKey: teamAnalyticsKeys.memberName(teamId, userId),
    queryFn: () => getMemberName(teamId!, userId),
    enabled: Boolean(teamId) && enabled,
  });

/** The member's name from the team's member list; asked only with a team and when `enabled`. */
export const useMemberName = (teamId: string | null, userId: string, enabled: boolean) => useQuery(memberNameOptions(teamId, userId, enabled));
