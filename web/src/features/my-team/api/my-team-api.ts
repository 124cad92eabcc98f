import type { InviteRole, MemberOrderField } from '@core/teams';
import { callApi, gqlOperation, subscribeApi, type ApiError } from '@/lib/api-client';

/** One gamer or coach of the team (schema.graphql TeamMember). */
export interface TeamMember {
  userId: string;
  role: InviteRole;
  joinedAt: string;
  fullName: string | null;
  email: string;
}

/** The team itself, as the page's Edit team action needs it. */
export interface MyTeam {
  id: string;
  name: string;
  description: string | null;
  game: string | null;
  avatar: string | null;
}

export interface MembersPage extends MyTeam {
  membersCount: number;
  members: TeamMember[];
}

export interface MembersQuery {
  teamId: string;
  search?: string;
  orderBy?: MemberOrderField;
  direction?: 'asc' | 'desc';
  take: number;
  skip: number;
}

export interface TeamSeats {
  gamerSeats: number;
  gamersUsed: number;
  coachSeats: number;
  coachesUsed: number;
  /** N of M gamer seats used. */
  label: string;
}

export interface SentInvite {
  id: string;
  inviteeName: string | null;
  inviteeEmail: string;
  role: InviteRole;
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED';
  createdAt: string;
}

export interface TeamCode {
  id: string;
  code: string;
  email: string;
  used: boolean;
  accepted: boolean;
}

export interface InviteInput {
  inviteeName: string;
  inviteeEmail: string;
  role: InviteRole;
  teamId: string;
}

const membersQuery = gqlOperation<{ team: MembersPage | null }, MembersQuery>(/* GraphQL */ `
  query TeamMembers($teamId: ID!, $search: String, $orderBy: TeamMemberOrder, $direction: SortDirection, $take: Int, $skip: Int) {
    team(teamId: $teamId, search: $search, orderBy: $orderBy, direction: $direction, take: $take, skip: $skip) {
      id
      name
      description
      game
      avatar
      membersCount
      members {
        userId
        role
        joinedAt
        fullName
        email
      }
    }
  }
`);

// The staff's view of the team in one request: seats, invites sent and team codes.
const staffQuery = gqlOperation<{ seats: TeamSeats; invites: SentInvite[]; codes: TeamCode[] }, { teamId: string }>(/* GraphQL */ `
  query TeamStaffView($teamId: ID!) {
    seats: teamSeatsSubscriptions(teamId: $teamId) {
      gamerSeats
      gamersUsed
      coachSeats
      coachesUsed
      label
    }
    invites: teamInvites(teamId: $teamId) {
      id
      inviteeName
      inviteeEmail
      role
      status
      createdAt
    }
    codes: getTeamCodes(teamId: $teamId) {
      id
      code
      email
      used
      accepted
    }
  }
`);

const sendInviteMutation = gqlOperation<{ sendInvite: { id: string } }, InviteInput>(/* GraphQL */ `
  mutation SendInvite($inviteeName: String!, $inviteeEmail: AWSEmail!, $role: Role!, $teamId: ID!) {
    sendInvite(inviteeName: $inviteeName, inviteeEmail: $inviteeEmail, role: $role, teamId: $teamId) {
      id
    }
  }
`);

const deleteInviteMutation = gqlOperation<{ deleteTeamInvite: boolean }, { id: string; teamId: string }>(/* GraphQL */ `
  mutation DeleteTeamInvite($id: ID!, $teamId: ID!) {
    deleteTeamInvite(id: $id, teamId: $teamId)
  }
`);

const removeMemberMutation = gqlOperation<{ removeTeamMember: boolean }, { userId: string; teamId: string }>(/* GraphQL */ `
  mutation RemoveTeamMember($userId: ID!, $teamId: ID!) {
    removeTeamMember(userId: $userId, teamId: $teamId)
  }
`);

const membersChangedSubscription = gqlOperation<{ onTeamMembersChanged: { teamId: string; change: string } | null }, { teamId: string }>(
  /* GraphQL */ `
    subscription OnTeamMembersChanged($teamId: ID!) {
      onTeamMembersChanged(teamId: $teamId) {
        teamId
        userId
        change
        at
      }
    }
  `,
);

export async function getTeamMembers(query: MembersQuery): Promise<MembersPage | null> {
  return (await callApi(membersQuery, query)).team;
}

export const getTeamStaffView = (teamId: string) => callApi(staffQuery, { teamId });

export async function sendInvite(input: InviteInput): Promise<void> {
  await callApi(sendInviteMutation, input);
}

export async function deleteTeamInvite(teamId: string, id: string): Promise<void> {
  await callApi(deleteInviteMutation, { teamId, id });
}

export async function removeTeamMember(teamId: string, userId: string): Promise<void> {
  await callApi(removeMemberMutation, { teamId, userId });
}

/** Calls back whenever a member joins or leaves the team (or it is deleted); returns the function that stops. */
export function onTeamMembersChanged(teamId: string, changed: () => void, failed: (error: ApiError) => void): () => void {
  return subscribeApi(membersChangedSubscription, { teamId }, { next: changed, error: failed });
}
