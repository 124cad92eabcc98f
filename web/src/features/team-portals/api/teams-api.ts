/**
 * The team operations the portals, the sidebar's dashboards and the invite pages call (schema.graphql;
 * docs/teams.md, "Operations"). Who may call each is in core/policy.ts; docs/teams.md says what each does.
 */
import type { ReceivedInvitesQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

export type ReceivedInvite = ReceivedInvitesQuery['receivedInvites'][number];

const getSelectedTeamQuery = gqlOperation(/* GraphQL */ `
  query GetSelectedTeam {
    getSelectedTeam {
      teamId
    }
  }
`);

const setSelectedTeamMutation = gqlOperation(/* GraphQL */ `
  mutation SetSelectedTeam($teamId: ID!) {
    setSelectedTeam(teamId: $teamId) {
      teamId
    }
  }
`);

const verifySubscriptionQuery = gqlOperation(/* GraphQL */ `
  query VerifyTeamSubscription($teamId: ID!) {
    verifyTeamSubscription(teamId: $teamId) {
      id
      status
    }
  }
`);

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

const deleteTeamMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteTeam($teamId: ID!) {
    deleteTeam(teamId: $teamId) {
      id
    }
  }
`);

const leaveTeamMutation = gqlOperation(/* GraphQL */ `
  mutation LeaveTeam {
    leaveTeam {
      id
    }
  }
`);

const receivedInvitesQuery = gqlOperation(/* GraphQL */ `
  query ReceivedInvites {
    receivedInvites {
      id
      teamId
      role
      createdAt
      Team {
        id
        name
        avatar
      }
      TeamInviter {
        fullName
        email
      }
    }
  }
`);

const acceptInviteMutation = gqlOperation(/* GraphQL */ `
  mutation AcceptInvite($inviteId: ID!) {
    acceptInvite(inviteId: $inviteId) {
      id
    }
  }
`);

const rejectInviteMutation = gqlOperation(/* GraphQL */ `
  mutation RejectInvite($inviteId: ID!) {
    rejectInvite(inviteId: $inviteId) {
      id
    }
  }
`);

const joinWithCodeMutation = gqlOperation(/* GraphQL */ `
  mutation JoinTeamWithCode($code: String!) {
    joinTeamWithCode(code: $code) {
      id
      name
    }
  }
`);

export const fetchSelectedTeamId = async () => (await callApi(getSelectedTeamQuery)).getSelectedTeam?.teamId ?? null;

export const saveSelectedTeam = async (teamId: string) => (await callApi(setSelectedTeamMutation, { teamId })).setSelectedTeam;

export const verifyTeamSubscription = async (teamId: string) => (await callApi(verifySubscriptionQuery, { teamId })).verifyTeamSubscription.status;

/** The team's main score (fgScore) on the last day of a window of `days` score days ending today; null without one. */
export async function fetchLatestTeamScore(teamId: string, days: number): Promise<number | null> {
  const points = (await callApi(latestScoreQuery, { teamId, days })).myTeamScoreStats?.mainScoreStatistics ?? [];
  return points.at(-1)?.value ?? null;
}

export const fetchMembersCount = async (teamId: string) => (await callApi(membersCountQuery, { teamId })).team?.membersCount ?? 0;

export const deleteTeam = async (teamId: string) => (await callApi(deleteTeamMutation, { teamId })).deleteTeam;

/** Leaves every team the caller plays in as a gamer (the pricing page's Leave Team). */
export const leaveTeams = async () => (await callApi(leaveTeamMutation)).leaveTeam;

export const fetchReceivedInvites = async () => (await callApi(receivedInvitesQuery)).receivedInvites;

export const acceptInvite = async (inviteId: string) => (await callApi(acceptInviteMutation, { inviteId })).acceptInvite;

export const rejectInvite = async (inviteId: string) => (await callApi(rejectInviteMutation, { inviteId })).rejectInvite;

export const joinTeamWithCode = async (code: string) => (await callApi(joinWithCodeMutation, { code })).joinTeamWithCode;
