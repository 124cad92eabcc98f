/**
 * The team the user chose (docs/product.md, "Team selection"): saved on the server and restored on load; a director's
 * team has its subscription checked first.
 */
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi, gqlOperation } from '@/lib/api-client';
import type { Viewer } from '@/lib/viewer';
import { checksSubscription } from '../lib/team-subscription';
import { teamKeys } from './keys';

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

const fetchSelectedTeamId = async () => (await callApi(getSelectedTeamQuery)).getSelectedTeam?.teamId ?? null;

const saveSelectedTeam = async (teamId: string) => (await callApi(setSelectedTeamMutation, { teamId })).setSelectedTeam;

const verifyTeamSubscription = async (teamId: string) => (await callApi(verifySubscriptionQuery, { teamId })).verifyTeamSubscription.status;

/** The choice saved on the server: asked for as soon as the user is known, while `me` loads (a failed load is none). */
const savedTeamQueryOptions = (userId: string) =>
  queryOptions({ queryKey: teamKeys.savedSelection(userId), queryFn: () => fetchSelectedTeamId().catch(() => null), staleTime: Infinity });

/**
 * The team saved on the server, restored on load (docs/product.md, "Team selection"). A director's team whose
 * subscription has ended is not restored: choosing it again shows the Subscription expired prompt. Failures leave no
 * team chosen (docs/product.md, "Team selection": a failed load or save is ignored).
 */
async function restoreSelectedTeam(viewer: Viewer, queryClient: QueryClient): Promise<string | null> {
  // Already asked for alongside `me` (useRestoredTeam): one round trip after the profile no longer, usually none.
  const teamId = await queryClient.fetchQuery(savedTeamQueryOptions(viewer.userId));
  if (!teamId || !checksSubscription(viewer, teamId)) return teamId;
  const status = await verifyTeamSubscription(teamId).catch(() => 'active' as const);
  return status === 'inActive' ? null : teamId;
}

const selectedTeamQueryOptions = (viewer: Viewer | null, queryClient: QueryClient) =>
  queryOptions({
    queryKey: teamKeys.selected(viewer?.userId ?? ''),
    queryFn: () => restoreSelectedTeam(viewer!, queryClient),
    // After `me`, which says which teams the user owns.
    enabled: viewer?.teams != null,
    staleTime: Infinity,
  });

/** The signed-in user's chosen team as restored from the server (null: none, or not restored yet). */
export function useRestoredTeam(viewer: Viewer | null) {
  const queryClient = useQueryClient();
  // The saved choice is asked for at once, not after `me`: a team page's data then starts one round trip sooner.
  useQuery({ ...savedTeamQueryOptions(viewer?.userId ?? ''), enabled: viewer !== null });
  return useQuery(selectedTeamQueryOptions(viewer, queryClient));
}

/**
 * Changing the chosen team of `userId`: `subscriptionStatus` asks whether a team's subscription is active (rejects on
 * failure), `choose` sets the team here first and then saves it (a failed save is ignored, docs/product.md, "Team
 * selection") and refreshes the team's reads, `clear` leaves no team chosen.
 */
export function useTeamChoice(userId: string) {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      subscriptionStatus: verifyTeamSubscription,
      choose: async (teamId: string) => {
        // A restore still under way is cancelled first (the saved choice's load with it), or its older answer would land
        // after this choice and undo it.
        await queryClient.cancelQueries({ queryKey: teamKeys.selected(userId) });
        queryClient.setQueryData(teamKeys.selected(userId), teamId);
        queryClient.setQueryData(teamKeys.savedSelection(userId), teamId);
        saveSelectedTeam(teamId).catch(() => undefined);
        void queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) });
      },
      clear: () => {
        queryClient.setQueryData(teamKeys.selected(userId), null);
        queryClient.setQueryData(teamKeys.savedSelection(userId), null);
      },
    }),
    [queryClient, userId],
  );
}
