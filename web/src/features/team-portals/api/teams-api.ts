/**
 * The team operations the portals, the sidebar's dashboards and the invite pages call (schema.graphql;
 * docs/teams.md, "Operations"). Who may call each is in core/policy.ts; docs/teams.md says what each does.
 */
import { callApi, gqlOperation } from '@/lib/api-client';

export interface ReceivedInvite {
  id: string;
  teamId: string;
  role: string;
  createdAt: string;
  Team: { id: string; name: string; avatar: string | null } | null;
  TeamInviter: { fullName: string | null; email: string } | null;
}

const getSelectedTeamQuery = gqlOperation<{ getSelectedTeam: { teamId: string | null } | null }>(/* GraphQL */ `
  query GetSelectedTeam {
    getSelectedTeam {
      teamId
    }
  }
`);

const setSelectedTeamMutation = gqlOperation<{ setSelectedTeam: { teamId: string | null } | null }, { teamId: string }>(/* GraphQL */ `
  mutation SetSelectedTeam($teamId: ID!) {
    setSelectedTeam(teamId: $teamId) {
      teamId
    }
  }
`);

const verifySubscriptionQuery = gqlOperation<{ verifyTeamSubscription: { id: string; status: 'active' | 'inActive' } }, { teamId: string }>(
  /* GraphQL */ `
    query VerifyTeamSubscription($teamId: ID!) {
      verifyTeamSubscription(teamId: $teamId) {
        id
        status
      }
    }
  `,
);

const latestScoreQuery = gqlOperation<
  { myTeamScoreStats: { mainScoreStatistics: { date: string; value: number }[] } | null },
  { teamId: string; days: number }
>(/* GraphQL */ `
  query TeamLatestScore($teamId: ID!, $days: Int) {
    myTeamScoreStats(type: fgScore, teamId: $teamId, days: $days) {
      mainScoreStatistics {
        date
        value
      }
    }
  }
`);

const membersCountQuery = gqlOperation<{ team: { id: string; membersCount: number | null } | null }, { teamId: string }>(/* GraphQL */ `
  query TeamMembersCount($teamId: ID!) {
    team(teamId: $teamId, take: 1) {
      id
      membersCount
    }
  }
`);

const deleteTeamMutation = gqlOperation<{ deleteTeam: { id: string } }, { teamId: string }>(/* GraphQL */ `
  mutation DeleteTeam($teamId: ID!) {
    deleteTeam(teamId: $teamId) {
      id
    }
  }
`);

const leaveTeamMutation = gqlOperation<{ leaveTeam: { id: string } }>(/* GraphQL */ `
  mutation LeaveTeam {
    leaveTeam {
      id
    }
  }
`);

const receivedInvitesQuery = gqlOperation<{ receivedInvites: ReceivedInvite[] }>(/* GraphQL */ `
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

const acceptInviteMutation = gqlOperation<{ acceptInvite: { id: string } }, { inviteId: string }>(/* GraphQL */ `
  mutation AcceptInvite($inviteId: ID!) {
    acceptInvite(inviteId: $inviteId) {
      id
    }
  }
`);

const rejectInviteMutation = gqlOperation<{ rejectInvite: { id: string } }, { inviteId: string }>(/* GraphQL */ `
  mutation RejectInvite($inviteId: ID!) {
    rejectInvite(inviteId: $inviteId) {
      id
    }
  }
`);

const joinWithCodeMutation = gqlOperation<{ joinTeamWithCode: { id: string; name: string } }, { code: string }>(/* GraphQL */ `
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
