import { isAllowed, type PolicyField, refusalOf } from '@core/policy';
import type { Caller } from '../lib/appsync';
import { type RelationStores, teamRelations } from '../lib/authorization-relations';
import { NotFoundError, UnauthorizedError } from '../lib/errors';
import type { TeamRecord } from '../lib/stores/team-store';

/**
 * How a caller may use a team's journal: the policy map's row for the field, and whether the caller reads only the
 * comments on his own answers (a gamer of the team, neither its director, a coach nor an admin).
 */
export interface JournalAccess {
  team: TeamRecord;
  ownAnswersOnly: boolean;
}

export async function journalAccess(field: PolicyField, caller: Caller, team: TeamRecord | null, teams: RelationStores): Promise<JournalAccess> {
  if (!team) throw new NotFoundError('Team not found.');
  const relations = await teamRelations(caller, team, teams);
  if (!isAllowed(field, { signedIn: true, groups: caller.groups }, relations)) throw new UnauthorizedError(refusalOf(field));
  return { team, ownAnswersOnly: !relations.some((relation) => relation === 'owner' || relation === 'coach' || relation === 'admin') };
}

/** A gamer reads and follows only the comments on his own answers. */
export function assertMayReadMember(field: PolicyField, caller: Caller, access: JournalAccess, memberId: string | null | undefined): void {
  if (access.ownAnswersOnly && memberId !== caller.sub) throw new UnauthorizedError(refusalOf(field));
}
