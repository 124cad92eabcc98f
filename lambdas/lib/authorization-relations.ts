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

/** Whether a lookup that could give one of `couldGive` is still worth its read: none of `wanted` holds yet, and it could. */
const worthLookingUp = (held: readonly Relation[], wanted: readonly Relation[], couldGive: readonly Relation[]) =>
  !held.some((relation) => wanted.includes(relation)) && wanted.some((relation) => couldGive.includes(relation));

/**
 * How the caller stands to a team. `wanted` are the relations that would be enough: the membership item is read only
 * while none of them holds and the membership could give one, so whether any of `wanted` holds is always right, but
 * relations beyond that may be left out (an owner's or admin's membership is not read when 'owner' or 'admin' will do).
 */
export async function teamRelations(
  caller: Caller,
  team: TeamRecord,
  wanted: readonly Relation[],
  teams: Pick<TeamStore, 'getMembership'>,
): Promise<Relation[]> {
  const relations: Relation[] = isAdmin(caller.groups) ? ['admin'] : [];
  if (team.ownerId === caller.sub) relations.push('owner');
  if (!worthLookingUp(relations, wanted, ['member', 'coach'])) return relations;
  const membership = await teams.getMembership(team.id, caller.sub);
  if (membership) relations.push(MEMBERSHIP_RELATION[membership.role]);
  return relations;
}

/**
 * How the caller stands to a user: themselves, an admin, or the owner or a coach of a team the user is in. `wanted` are
 * the relations that would be enough, as for teamRelations; once one holds, no further team is looked up.
 */
export async function userRelations(caller: Caller, userId: string, wanted: readonly Relation[], teams: RelationStores): Promise<Relation[]> {
  const relations: Relation[] = isAdmin(caller.groups) ? ['admin'] : [];
  if (userId === caller.sub) relations.push('self');
  if (!worthLookingUp(relations, wanted, ['owner', 'coach'])) return relations;
  // A coach or director reaches a user only through a team the user is in: the user's memberships (gsi1) decide.
  const memberships = await teams.membershipsOfUser(userId);
  const throughTeams = await Promise.all(
    memberships.map(async ({ teamId }) => {
      const team = await teams.get(teamId);
      return team ? (await teamRelations(caller, team, wanted, teams)).filter((r) => r === 'owner' || r === 'coach') : [];
    }),
  );
  return [...new Set([...relations, ...throughTeams.flat()])];
}
