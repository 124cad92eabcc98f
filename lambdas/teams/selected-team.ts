import type { FieldPolicy } from '@core/policy';
import type { Caller } from '../lib/appsync';
import { mayUseTeam } from '../lib/authorization';
import { NotFoundError } from '../lib/errors';
import type { RelationStores } from '../lib/authorization-relations';
import type { TeamRecord } from '../lib/stores/team-store';
import type { UserStore } from '../lib/stores/user-store';

interface SelectedTeam {
  userId: string;
  teamId: string | null;
  team: TeamRecord | null;
}

interface Stores {
  users: Pick<UserStore, 'get' | 'setSelectedTeam'>;
  teams: RelationStores;
}

/** The caller's selected team, while `selectable` (the row of selecting a team) still lets him select it. */
export async function getSelectedTeam(caller: Caller, selectable: FieldPolicy, { users, teams }: Stores): Promise<SelectedTeam> {
  const user = await users.get(caller.sub);
  const teamId = user?.selectedTeamId ?? null;
  const team = teamId ? await teams.get(teamId) : null;
  // A team the user could no longer select (left, removed, deleted) is not restored.
  if (!team || !(await mayUseTeam(selectable, caller, team, teams))) return { userId: caller.sub, teamId: null, team: null };
  return { userId: caller.sub, teamId: team.id, team };
}

/** Selects `team`, which the caller's call has already been authorized to use. */
export async function setSelectedTeam(caller: Caller, team: TeamRecord, { users }: Pick<Stores, 'users'>, now = new Date()): Promise<SelectedTeam> {
  const user = await users.get(caller.sub);
  if (!user) throw new NotFoundError('User not found. Please sign up');
  await users.setSelectedTeam(caller.sub, team.id, now.toISOString());
  return { userId: caller.sub, teamId: team.id, team };
}
