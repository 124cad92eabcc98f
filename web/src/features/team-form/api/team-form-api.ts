import type { TeamForm } from '@core/teams';
import type { CreateTeamMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

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

export async function hasUnusedDashboardPurchase(): Promise<boolean> {
  return (await callApi(hasUnusedPurchaseQuery)).hasUnusedDashboardPurchase;
}

export async function createTeam(data: TeamForm): Promise<TeamFormTeam> {
  return (await callApi(createTeamMutation, { data })).createTeam;
}

export async function updateTeam(teamId: string, data: Partial<TeamForm>): Promise<TeamFormTeam> {
  return (await callApi(updateTeamMutation, { teamId, data })).updateTeam;
}
