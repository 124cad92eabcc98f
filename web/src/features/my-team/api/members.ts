/**
 * The team's members (schema.graphql `team`), removing one, and the live updates as members join and leave
 * (docs/teams.md, "Operations").
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberOrderField } from '@core/teams';
import { useEffect } from 'react';
import type { TeamMembersQuery } from '@/gql/graphql';
import { callApi, gqlOperation, subscribeApi, type ApiError } from '@/lib/api-client';
import { useConfirmedAction } from './confirmed-action';
import { myTeamKeys } from './keys';

/** One gamer or coach of the team (schema.graphql TeamMember). */
export type TeamMember = NonNullable<MembersPage['members']>[number];

/** The team itself, as the page's Edit team action needs it. */
export type MyTeam = Pick<MembersPage, 'id' | 'name' | 'description' | 'game' | 'avatar'>;

export type MembersPage = NonNullable<TeamMembersQuery['team']>;

interface MembersQuery {
  teamId: string;
  search?: string;
  orderBy?: MemberOrderField;
  direction?: 'asc' | 'desc';
  take: number;
  skip: number;
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

async function getTeamMembers(query: MembersQuery): Promise<MembersPage | null> {
  return (await callApi(membersQuery, query)).team;
}

async function removeTeamMember(teamId: string, userId: string): Promise<void> {
  await callApi(removeMemberMutation, { teamId, userId });
}

/** Calls back whenever a member joins or leaves the team (or it is deleted); returns the function that stops. */
function onTeamMembersChanged(teamId: string, changed: () => void, failed: (error: ApiError) => void): () => void {
  return subscribeApi(membersChangedSubscription, { teamId }, { next: changed, error: failed });
}

/** One page of the team's members; the last page stays shown while the next loads. */
const teamMembersQueryOptions = (query: MembersQuery) =>
  queryOptions({ queryKey: myTeamKeys.members(query), queryFn: () => getTeamMembers(query), placeholderData: keepPreviousData });

/** One page of the team's members, as the table asks for it. */
export const useTeamMembers = (query: MembersQuery) => useQuery(teamMembersQueryOptions(query));

/**
 * Keeps the page live: when a member joins or leaves (onTeamMembersChanged), the team's members, seats, invites and
 * codes are fetched again, so the open page shows it without a reload.
 */
export function useTeamMembersLive(teamId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onTeamMembersChanged(
        teamId,
        () => void queryClient.invalidateQueries({ queryKey: myTeamKeys.team(teamId) }),
        // The page still works without live updates; the API client reports the failure (e.g. an expired session).
        () => undefined,
      ),
    [teamId, queryClient],
  );
}

/** Removing a member after the confirmation (useConfirmedAction); `done` gives the message toasted after. */
export const useRemoveTeamMember = (teamId: string, done: (member: TeamMember) => string) =>
  useConfirmedAction(teamId, (member: TeamMember) => removeTeamMember(teamId, member.userId), done);
