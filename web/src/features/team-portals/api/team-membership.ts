/** Leaving and deleting teams (docs/teams.md, "Pages"); the profile (`me`), which lists the user's teams, is read again after. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, gqlOperation } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/query-client';

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

const deleteTeam = async (teamId: string) => (await callApi(deleteTeamMutation, { teamId })).deleteTeam;

/** Leaves every team the caller plays in as a gamer (the pricing page's Leave Team). */
const leaveTeams = async () => (await callApi(leaveTeamMutation)).leaveTeam;

/**
 * Deletes a team (`mutate(teamId)`): `onDeleted` runs first (e.g. closing the confirmation, clearing the chosen team),
 * then the profile is read again, then `onRefreshed`; `onError` on a refusal.
 */
export function useDeleteTeam(handlers: { onDeleted: () => void; onRefreshed: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => deleteTeam(teamId),
    onSuccess: async () => {
      handlers.onDeleted();
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      handlers.onRefreshed();
    },
    onError: handlers.onError,
  });
}

/** Leaves every team the caller plays in as a gamer, then reads the profile again. */
export function useLeaveTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveTeams,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
