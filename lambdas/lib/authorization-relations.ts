import type { Relation } from '@core/policy';
import { isAdmin } from '@core/roles';
import type { Caller } from './appsync';
import type { TeamRecord, TeamStore } from './stores/team-store';

/**
 * How the caller stands to a team or a user, looked up by key in the table (team item, membership item, the user's
 * memberships on gsi1): the relations the policy map (core/policy.ts) names. Never a Scan.
 */
export type RelationStores = Pick<TeamStore, 'get' | 'getMembership' | 'membershipsOfUser'>;

const MEMBERSHIP_RELATION = { GAMER: 'member', COACH: 'coach' } as const satisfies Record<string, Relation>;

export async function teamRelations(caller: Caller, team: TeamRecord, teams: Pick<TeamStore, 'getMembership'>): Promise<Relation[]> {
  const relations: Relation[] = isAdmin(caller.groups) ? ['admin'] : [];
  if (team.ownerId === caller.sub) relations.push('owner');
  const membership = await teams.getMembership(team.id, caller.sub);
  if (membership) relations.push(MEMBERSHIP_RELATION[membership.role]);
  return relations;
}

/**
 * How the caller stands to a user: themselves, an admin, or the owner or a coach of a team the user is in. `wanted` are
 * the relations that would be enough; once one holds, no further team is looked up.
 */
export async function userRelations(caller: Caller, userId: string, wanted: readonly Relation[], teams: RelationStores): Promise<Relation[]> {
  const relations: Relation[] = isAdmin(caller.groups) ? ['admin'] : [];
  if (userId === caller.sub) relations.push('self');
  if (relations.some((relation) => wanted.includes(relation)) || !wanted.some((r) => r === 'owner' || r === 'coach')) return relations;
  // A coach or director reaches a user only through a team the user is in: the user's memberships (gsi1) decide.
  const memberships = await teams.membershipsOfUser(userId);
  const throughTeams = await Promise.all(
    memberships.map(async ({ teamId }) => {
      const team = await teams.get(teamId);
      return team ? (await teamRelations(caller, team, teams)).filter((r) => r === 'owner' || r === 'coach') : [];
    }),
  );
  return [...new Set([...relations, ...throughTeams.flat()])];
}
