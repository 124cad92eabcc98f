import { JOURNAL_READ, type FieldPolicy } from '@core/policy';
import type { Caller } from '../lib/appsync';
import { countingRelations } from '../lib/stores/test-support/records';
import { commentTeamAccess, journalAccess } from './access';

const { team } = countingRelations();
/** The caller's membership lookup, counting the items read. */
const counted = () => {
  const { reads, stores } = countingRelations();
  return { reads, teams: stores };
};
const caller = (sub: string, groups: string[]): Caller => ({ sub, email: null, groups, role: null });
const REPLIES: FieldPolicy = { ...JOURNAL_READ, subject: { kind: 'comment', argument: 'answerTo', relations: JOURNAL_READ.relations } };

describe('journal access', () => {
  it.each([
    ['the director', caller('director-1', ['DIRECTOR']), { ownAnswersOnly: false, reads: [] }],
    ['an admin', caller('admin-1', ['ADMIN']), { ownAnswersOnly: false, reads: [] }],
    ['a coach of the team', caller('coach-1', ['COACH']), { ownAnswersOnly: false, reads: ['coach-1'] }],
    ['a gamer of the team', caller('gamer-1', ['GAMER']), { ownAnswersOnly: true, reads: ['gamer-1'] }],
  ])('%s: whether he reads only his own answers, and the memberships read to tell', async (_who, who, expected) => {
    const journal = counted();
    const replies = counted();
    const access = await journalAccess(who, team, journal.teams);
    const commentAccess = await commentTeamAccess({ caller: who, policy: REPLIES }, team, replies.teams);
    expect({ ownAnswersOnly: access.ownAnswersOnly, reads: journal.reads }).toEqual(expected);
    expect({ ownAnswersOnly: commentAccess.ownAnswersOnly, reads: replies.reads }).toEqual(expected);
  });

  it("refuses a comment's replies to a director of another team", async () => {
    await expect(commentTeamAccess({ caller: caller('director-2', ['DIRECTOR']), policy: REPLIES }, team, counted().teams)).rejects.toThrow(
      JOURNAL_READ.refusal,
    );
  });
});
