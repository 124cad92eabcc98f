import { type FieldPolicy, isAllowed, mayCall, type PolicyCaller, refusalOf, requiredRelations } from '@core/policy';
import { isAdmin } from '@core/roles';
import type { Caller } from './appsync';
import { type RelationStores, teamRelations, userRelations } from './authorization-relations';
import { NotFoundError, UnauthorizedError } from './errors';
import type { TeamRecord } from './stores/team-store';

/**
 * Server-side authorization by a field's policy row (core/policy.ts). The field handler (./fields.ts) refuses callers
 * the row admits in no case (signed out, wrong role), then checks the caller's relation to the user or team the call
 * names with `authorizeUser` / `authorizeTeam` once the arguments are validated.
 */
const policyCallerOf = (caller: Caller | null, iam = false): PolicyCaller =>
  caller ? { signedIn: true, groups: caller.groups } : { signedIn: false, iam };

export function assertMayCall(row: FieldPolicy, caller: Caller | null, iam = false): void {
  if (!mayCall(row, policyCallerOf(caller, iam))) throw new UnauthorizedError(refusalOf(row));
}

/** The user a call is about (the caller when `userId` is left out), once the caller stands to them as the field needs. */
export async function authorizeUser(row: FieldPolicy, caller: Caller, userId: string | null | undefined, teams: RelationStores): Promise<string> {
  const target = userId ?? caller.sub;
  const relations = await userRelations(caller, target, requiredRelations(row) ?? [], teams);
  if (!isAllowed(row, policyCallerOf(caller), relations)) throw new UnauthorizedError(refusalOf(row));
  return target;
}

/**
 * The team a call is about, once the caller stands to it as the field needs. A missing team is refused like one the
 * caller may not use, so the answer tells no one but admins (who may use every team) whether a team id exists.
 */
export async function authorizeTeam(row: FieldPolicy, caller: Caller, teamId: string, teams: RelationStores): Promise<TeamRecord> {
  const team = await teams.get(teamId);
  const allowed = team ? await mayUseTeam(row, caller, team, teams) : isAllowed(row, policyCallerOf(caller), isAdmin(caller.groups) ? ['admin'] : []);
  if (!allowed) throw new UnauthorizedError(refusalOf(row));
  if (!team) throw new NotFoundError('Team not found.');
  return team;
}

export async function mayUseTeam(row: FieldPolicy, caller: Caller, team: TeamRecord, teams: RelationStores): Promise<boolean> {
  return isAllowed(row, policyCallerOf(caller), await teamRelations(caller, team, requiredRelations(row) ?? [], teams));
}
