/**
 * The team form's operations (schema.graphql; docs/teams.md, "The team form"): whether a team can be created, and
 * creating and changing a team with its avatar.
 */
import type { TeamForm } from '@core/teams';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast/toast';
import type { CreateTeamMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { uploadAvatar } from '@/lib/avatar-upload';
import { teamFormKeys } from './keys';

/** A team as the form shows and changes it. */
export type TeamFormTeam = CreateTeamMutation['createTeam'];

const hasUnusedPurchaseQuery = gqlOperation(/* GraphQL */ `
  query HasUnusedDashboardPurchase {
    hasUnusedDashboardPurchase
  }
`);

const createTeamMutation = gqlOperation(/* GraphQL */ `
  mutation CreateTeam($data: TeamInput!) {
    createTeam(data: $data) {
      id
      name
      description
      game
      avatar
    }
  }
`);

const updateTeamMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateTeam($teamId: ID!, $data: TeamUpdateInput!) {
    updateTeam(teamId: $teamId, data: $data) {
      id
      name
      description
      game
      avatar
    }
  }
`);

async function hasUnusedDashboardPurchase(): Promise<boolean> {
  return (await callApi(hasUnusedPurchaseQuery)).hasUnusedDashboardPurchase;
}

async function createTeam(data: TeamForm): Promise<TeamFormTeam> {
  return (await callApi(createTeamMutation, { data })).createTeam;
}

async function updateTeam(teamId: string, data: Partial<TeamForm>): Promise<TeamFormTeam> {
  return (await callApi(updateTeamMutation, { teamId, data })).updateTeam;
}

/** Whether the director has a team-dashboard purchase no team uses yet; asked afresh on each visit. */
export const unusedPurchaseQueryOptions = () =>
  queryOptions({ queryKey: teamFormKeys.unusedPurchase(), queryFn: hasUnusedDashboardPurchase, staleTime: 0 });

export const useUnusedDashboardPurchase = () => useQuery(unusedPurchaseQueryOptions());

/**
 * Creates the team, then uploads its avatar once the team exists (docs/teams.md, "Avatar upload"): the team exists
 * either way, so a failed upload is toasted and the avatar can be added by editing the team. Then every read is
 * refreshed: the new team changes the profile (owned teams) and whatever lists teams. A refused creation rejects.
 */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ data, avatar }: { data: TeamForm; avatar: File | null }): Promise<TeamFormTeam> => {
      const team = await createTeam(data);
      if (avatar) await uploadAvatar(avatar, team.id).catch((reason: Error) => toast.error(reason.message));
      return team;
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/**
 * Saves the changed fields with updateTeam (none changed: no call) and a newly chosen avatar through the upload steps,
 * then refreshes every read; resolves with the team as it now is, rejects with the failed step's message.
 */
export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ team, changes, avatar }: { team: TeamFormTeam; changes: Partial<TeamForm>; avatar: File | null }) => {
      let saved = Object.keys(changes).length > 0 ? await updateTeam(team.id, changes) : team;
      if (avatar) saved = { ...saved, avatar: await uploadAvatar(avatar, team.id) };
      return saved;
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
