import type { InviteRole, MemberOrderField } from '@core/teams';
import type { TeamMembersQuery, TeamStaffViewQuery } from '@/gql/graphql';
import { callApi, gqlOperation, subscribeApi, type ApiError } from '@/lib/api-client';

/** One gamer or coach of the team (schema.graphql TeamMember). */
export type TeamMember = NonNullable<MembersPage['members']>[number];

/** The team itself, as the page's Edit team action needs it. */
export type MyTeam = Pick<MembersPage, 'id' | 'name' | 'description' | 'game' | 'avatar'>;

export type MembersPage = NonNullable<TeamMembersQuery['team']>;

export interface MembersQuery {
  teamId: string;
  search?: string;
  orderBy?: MemberOrderField;
  direction?: 'asc' | 'desc';
  take: number;
  skip: number;
}

export type TeamSeats = TeamStaffViewQuery['seats'];

export type SentInvite = TeamStaffViewQuery['invites'][number];

export type TeamCode = TeamStaffViewQuery['codes'][number];

export interface InviteInput {
  inviteeName: string;
  inviteeEmail: string;
  role: InviteRole;
  teamId: string;
}

const membersQuery = gqlOperation(/* GraphQL */ `
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
const staffQuery = gqlOperation(/* GraphQL */ `
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

const sendInviteMutation = gqlOperation(/* GraphQL */ `
  mutation SendInvite($inviteeName: String!, $inviteeEmail: AWSEmail!, $role: Role!, $teamId: ID!) {
    sendInvite(inviteeName: $inviteeName, inviteeEmail: $inviteeEmail, role: $role, teamId: $teamId) {
      id
    }
  }
`);

const deleteInviteMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteTeamInvite($id: ID!, $teamId: ID!) {
    deleteTeamInvite(id: $id, teamId: $teamId)
  }
`);

const removeMemberMutation = gqlOperation(/* GraphQL */ `
  mutation RemoveTeamMember($userId: ID!, $teamId: ID!) {
    removeTeamMember(userId: $userId, teamId: $teamId)
  }
`);

const membersChangedSubscription = gqlOperation(/* GraphQL */ `
  subscription OnTeamMembersChanged($teamId: ID!) {
    onTeamMembersChanged(teamId: $teamId) {
      teamId
      userId
      change
      at
    }
  }
`);

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
