import type { WindowChoice } from '@/components/charts/chart-data';
import type { MemberStatisticsQuery, NudgeTeamMutation, TeamMemberScoresQuery, TeamStatisticsQuery } from '@/gql/graphql';
import { type ApiError, callApi, gqlOperation, subscribeApi } from '@/lib/api-client';

/** A window as the statistics reads take it: `days` back from today, or a range of score days. */
type WindowArgs = { days?: number; startDate?: string; endDate?: string };

export const windowArgs = (choice: WindowChoice): WindowArgs =>
  'days' in choice ? { days: choice.days } : { startDate: choice.startDate, endDate: choice.endDate };

/** A team's statistics over a window: FG Score and pillars averaged per date, game scores each member's own. */
export type TeamStatistics = { teamName: string | null } & Omit<TeamStatisticsQuery, 'team'>;

const teamStatisticsQuery = gqlOperation(/* GraphQL */ `
  query TeamStatistics($teamId: ID!, $days: Int, $startDate: AWSDate, $endDate: AWSDate) {
    team(teamId: $teamId, take: 1) {
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

export async function getTeamStatistics(teamId: string, choice: WindowChoice): Promise<TeamStatistics> {
  const { team, ...statistics } = await callApi(teamStatisticsQuery, { teamId, ...windowArgs(choice) });
  return { teamName: team?.name ?? null, ...statistics };
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
    }
  }
`);

export const getTeamMemberScores = async (teamId: string, choice: WindowChoice) =>
  (await callApi(teamMemberScoresQuery, { teamId, ...windowArgs(choice) })).teamMemberScores;

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

export const getMemberStatistics = (userId: string, choice: WindowChoice) => callApi(memberStatisticsQuery, { userId, ...windowArgs(choice) });

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

export async function getMemberName(teamId: string, userId: string): Promise<string | null> {
  const member = (await callApi(memberNameQuery, { teamId })).team?.members?.find((candidate) => candidate.userId === userId);
  return member ? (member.fullName ?? member.email) : null;
}

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
export function onTeamCheckIn(teamId: string, checkedIn: () => void, failed: (error: ApiError) => void): () => void {
  return subscribeApi(teamCheckInSubscription, { teamId }, { next: checkedIn, error: failed });
}

/** What one nudge did (schema.graphql NudgeResult): reminders sent now, and members nudged earlier today by anyone. */
export type NudgeResult = NudgeTeamMutation['nudgeTeam'];

const nudgeTeamMutation = gqlOperation(/* GraphQL */ `
  mutation NudgeTeam($teamId: ID!) {
    nudgeTeam(teamId: $teamId) {
      nudged
      alreadyNudged
    }
  }
`);

/** Reminds the team's gamers who have not checked in today, each at most once a day (docs/teams.md, "Compliance"). */
export const nudgeTeam = async (teamId: string) => (await callApi(nudgeTeamMutation, { teamId })).nudgeTeam;
