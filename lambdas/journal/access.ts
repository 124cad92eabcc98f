import { type FieldPolicy, isAllowed, type Relation, refusalOf, requiredRelations } from '@core/policy';
import type { Caller } from '../lib/appsync';
import { teamRelations } from '../lib/authorization-relations';
import { NotFoundError, UnauthorizedError } from '../lib/errors';
import type { TeamRecord, TeamStore } from '../lib/stores/team-store';

/**
 * How a caller may use a team's journal: the team, and whether the caller reads only the comments on his own answers
 * (a gamer of the team, neither its director, a coach nor an admin).
 */
interface JournalAccess {
  team: TeamRecord;
  ownAnswersOnly: boolean;
}

/** Who reads a journal, and the row of the field he calls (whose refusal he is told). */
export interface JournalReader {
  caller: Caller;
  policy: FieldPolicy;
}

/** The caller's membership of the team is the only lookup. */
type Memberships = Pick<TeamStore, 'getMembership'>;

/** Who reads every member's comments: the team's director, its coaches and admins. */
const READS_EVERY_MEMBER: readonly Relation[] = ['owner', 'coach', 'admin'];

const accessOf = (team: TeamRecord, relations: readonly Relation[]): JournalAccess => ({
  team,
  ownAnswersOnly: !relations.some((relation) => READS_EVERY_MEMBER.includes(relation)),
});

/** The access of a caller his field's row already admitted to the team (./fields.ts). */
export async function journalAccess(caller: Caller, team: TeamRecord, teams: Memberships): Promise<JournalAccess> {
  return accessOf(team, await teamRelations(caller, team, READS_EVERY_MEMBER, teams));
}

/**
 * The access to the team of a comment (getRepliedComment's subject, which the handler cannot look up): refused unless
 * the caller stands to that team as the field's row needs.
 */
export async function commentTeamAccess({ caller, policy }: JournalReader, team: TeamRecord | null, teams: Memberships): Promise<JournalAccess> {
  if (!team) throw new NotFoundError('Team not found.');
  // The row's relations are enough for both answers: the membership is left unread when the caller is an owner or
  // admin the row admits, and they read every member's comments.
  const relations = await teamRelations(caller, team, requiredRelations(policy) ?? [], teams);
  if (!isAllowed(policy, { signedIn: true, groups: caller.groups }, relations)) throw new UnauthorizedError(refusalOf(policy));
  return accessOf(team, relations);
}

/** A gamer reads and follows only the comments on his own answers. */
export function assertMayReadMember({ caller, policy }: JournalReader, access: JournalAccess, memberId: string | null | undefined): void {
  if (access.ownAnswersOnly && memberId !== caller.sub) throw new UnauthorizedError(refusalOf(policy));
}
