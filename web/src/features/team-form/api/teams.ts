/**
 * The team form's operations (schema.graphql; docs/teams.md, "The team form"): whether a team can be created, and
 * creating and changing a team with its avatar.
 */
import type { TeamForm } from '@core/teams';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTeamMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
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
const unusedPurchaseQueryOptions = () => queryOptions({ queryKey: teamFormKeys.unusedPurchase(), queryFn: hasUnusedDashboardPurchase, staleTime: 0 });

export const useUnusedDashboardPurchase = () => useQuery(unusedPurchaseQueryOptions());

/**
 * Creates the team, then runs `uploadAvatar` (the avatar's upload steps, lib/avatar-upload.ts) once the team exists
 * (docs/teams.md, "Avatar upload"). Then every read is refreshed: the new team changes the profile (owned teams) and
 * whatever lists teams. A refused creation rejects.
 */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ data, uploadAvatar }: { data: TeamForm; uploadAvatar?: (teamId: string) => Promise<unknown> }): Promise<TeamFormTeam> => {
      const team = await createTeam(data);
      if (uploadAvatar) await uploadAvatar(team.id);
      return team;
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/**
 * Saves the changed fields with updateTeam (none changed: no call), then runs `uploadAvatar` for a newly chosen avatar
 * (its upload steps, lib/avatar-upload.ts, resolving with its address), then refreshes every read; resolves with the
 * team as it now is, rejects with the failed step's message.
 */
export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ team, changes, uploadAvatar }: { team: TeamFormTeam; changes: Partial<TeamForm>; uploadAvatar?: () => Promise<string> }) => {
      let saved = Object.keys(changes).length > 0 ? await updateTeam(team.id, changes) : team;
      if (uploadAvatar) saved = { ...saved, avatar: await uploadAvatar() };
      return saved;
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
