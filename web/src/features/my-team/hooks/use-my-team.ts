import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getTeamMembers, getTeamStaffView, onTeamMembersChanged, type MembersQuery } from '../api/my-team-api';

/** Every cached read of one team starts with this key, so a change refreshes them all at once. */
export const myTeamKey = (teamId: string) => ['my-team', teamId] as const;

/** One page of the team's members, as the table asks for it; the last page stays shown while the next loads. */
export const useTeamMembers = (query: MembersQuery) =>
  useQuery({ queryKey: [...myTeamKey(query.teamId), 'members', query], queryFn: () => getTeamMembers(query), placeholderData: keepPreviousData });

/** Seats, invites sent and team codes: the staff's part of the page. */
export const useTeamStaffView = (teamId: string, enabled: boolean) =>
  useQuery({ queryKey: [...myTeamKey(teamId), 'staff'], queryFn: () => getTeamStaffView(teamId), enabled });

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
        () => void queryClient.invalidateQueries({ queryKey: myTeamKey(teamId) }),
        // The page still works without live updates; the API client reports the failure (e.g. an expired session).
        () => undefined,
      ),
    [teamId, queryClient],
  );
}
