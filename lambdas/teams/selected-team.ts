import type { Caller } from '../lib/appsync';
import { authorizeTeam, mayUseTeam } from '../lib/authorization';
import { NotFoundError } from '../lib/errors';
import type { RelationStores } from '../lib/authorization-relations';
import type { TeamRecord } from '../lib/stores/team-store';
import type { UserStore } from '../lib/stores/user-store';

export interface SelectedTeam {
  userId: string;
  teamId: string | null;
  team: TeamRecord | null;
}

interface Stores {
  users: Pick<UserStore, 'get' | 'setSelectedTeam'>;
  teams: RelationStores;
}

export async function getSelectedTeam(caller: Caller, { users, teams }: Stores): Promise<SelectedTeam> {
  const user = await users.get(caller.sub);
  const teamId = user?.selectedTeamId ?? null;
  const team = teamId ? await teams.get(teamId) : null;
  // A team the user could no longer select (left, removed, deleted) is not restored.
  if (!team || !(await mayUseTeam('Mutation.setSelectedTeam', caller, team, teams))) return { userId: caller.sub, teamId: null, team: null };
  return { userId: caller.sub, teamId: team.id, team };
}

export async function setSelectedTeam(caller: Caller, teamId: string, { users, teams }: Stores, now = new Date()): Promise<SelectedTeam> {
  const team = await authorizeTeam('Mutation.setSelectedTeam', caller, teamId, teams);
  const user = await users.get(caller.sub);
  if (!user) throw new NotFoundError('User not found. Please sign up');
  await users.setSelectedTeam(caller.sub, team.id, now.toISOString());
  return { userId: caller.sub, teamId: team.id, team };
}
