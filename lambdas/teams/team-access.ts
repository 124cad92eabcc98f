import { isAdmin } from '@core/roles';
import type { Caller } from '../lib/appsync';
import type { TeamRecord, TeamStore } from '../lib/stores/team-store';

/** How the caller relates to a team; null when they may not see it at all. */
export type TeamRelation = 'ADMIN' | 'OWNER' | 'COACH' | 'GAMER';

export async function teamRelation(
  caller: Caller,
  team: TeamRecord,
  teams: Pick<TeamStore, 'getMembership'>,
): Promise<TeamRelation | null> {
  if (team.ownerId === caller.sub) return 'OWNER';
  const membership = await teams.getMembership(team.id, caller.sub);
  if (membership) return membership.role;
  return isAdmin(caller.groups) ? 'ADMIN' : null;
}
