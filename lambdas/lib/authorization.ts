import { type FieldPolicy, isAllowed, isPolicyField, mayCall, type PolicyCaller, type PolicyRef, refusalOf, requiredRelations } from '@core/policy';
import { isAdmin } from '@core/roles';
import { callerOf, type Caller, createResolverHandler, type FieldResolver, isIamCall } from './appsync';
import { type RelationStores, teamRelations, userRelations } from './authorization-relations';
import { NotFoundError, UnauthorizedError } from './errors';
import type { TeamRecord } from './stores/team-store';

/**
 * Server-side authorization through the policy map (core/policy.ts). The handler wrapper below refuses callers the
 * field admits in no case (signed out, wrong role); the fields that touch a user or a team then check the caller's
 * relation to it with `authorizeUser` / `authorizeTeam` once their arguments are validated.
 */
const policyCallerOf = (caller: Caller | null, iam = false): PolicyCaller =>
  caller ? { signedIn: true, groups: caller.groups } : { signedIn: false, iam };

function policyRow(policy: string | FieldPolicy): PolicyRef {
  if (typeof policy !== 'string') return policy;
  // A field without a row is refused: a new field is closed until the policy map says who may call it.
  if (!isPolicyField(policy)) throw new UnauthorizedError(`${policy} has no row in the policy map.`);
  return policy;
}

export function assertMayCall(policy: string | FieldPolicy, caller: Caller | null, iam = false): void {
  const row = policyRow(policy);
  if (!mayCall(row, policyCallerOf(caller, iam))) throw new UnauthorizedError(refusalOf(row));
}

/** The user a call is about (the caller when `userId` is left out), once the caller stands to them as the field needs. */
export async function authorizeUser(field: PolicyRef, caller: Caller, userId: string | null | undefined, teams: RelationStores): Promise<string> {
  const target = userId ?? caller.sub;
  const relations = await userRelations(caller, target, requiredRelations(field) ?? [], teams);
  if (!isAllowed(field, policyCallerOf(caller), relations)) throw new UnauthorizedError(refusalOf(field));
  return target;
}

/**
 * The team a call is about, once the caller stands to it as the field needs. A missing team is refused like one the
 * caller may not use, so the answer tells no one but admins (who may use every team) whether a team id exists.
 */
export async function authorizeTeam(field: PolicyRef, caller: Caller, teamId: string, teams: RelationStores): Promise<TeamRecord> {
  const team = await teams.get(teamId);
  const allowed = team
    ? await mayUseTeam(field, caller, team, teams)
    : isAllowed(field, policyCallerOf(caller), isAdmin(caller.groups) ? ['admin'] : []);
  if (!allowed) throw new UnauthorizedError(refusalOf(field));
  if (!team) throw new NotFoundError('Team not found.');
  return team;
}

export async function mayUseTeam(field: PolicyRef, caller: Caller, team: TeamRecord, teams: RelationStores): Promise<boolean> {
  return isAllowed(field, policyCallerOf(caller), await teamRelations(caller, team, teams));
}

/** createResolverHandler that first refuses, per the policy map, every caller the field never admits. */
export function createAuthorizedHandler(resolvers: Record<string, FieldResolver>, options?: Parameters<typeof createResolverHandler>[1]) {
  const authorized = Object.fromEntries(
    Object.entries(resolvers).map(([field, resolve]): [string, FieldResolver] => [
      field,
      async (event) => {
        assertMayCall(field, callerOf(event), isIamCall(event));
        return resolve(event);
      },
    ]),
  );
  return createResolverHandler(authorized, options);
}
