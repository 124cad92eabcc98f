import type { TeamForm } from '@core/teams';
import { callApi, gqlOperation } from '@/lib/api-client';

/** A team as the form shows and changes it. */
export interface TeamFormTeam {
  id: string;
  name: string;
  description: string;
  game: string;
  avatar: string;
}

const TEAM_FIELDS = /* GraphQL */ `
  id
  name
  description
  game
  avatar
`;

const hasUnusedPurchaseQuery = gqlOperation<{ hasUnusedDashboardPurchase: boolean }>(/* GraphQL */ `
  query HasUnusedDashboardPurchase {
    hasUnusedDashboardPurchase
  }
`);

const createTeamMutation = gqlOperation<{ createTeam: TeamFormTeam }, { data: TeamForm }>(/* GraphQL */ `
  mutation CreateTeam($data: TeamInput!) {
    createTeam(data: $data) {
      ${TEAM_FIELDS}
    }
  }
`);

const updateTeamMutation = gqlOperation<{ updateTeam: TeamFormTeam }, { teamId: string; data: Partial<TeamForm> }>(/* GraphQL */ `
  mutation UpdateTeam($teamId: ID!, $data: TeamUpdateInput!) {
    updateTeam(teamId: $teamId, data: $data) {
      ${TEAM_FIELDS}
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
