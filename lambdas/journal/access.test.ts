import { JOURNAL_READ, type FieldPolicy } from '@core/policy';
import type { Caller } from '../lib/appsync';
import type { MembershipRecord, TeamRecord } from '../lib/stores/team-store';
import { commentTeamAccess, journalAccess } from './access';

const team: TeamRecord = {
  id: 'team-1',
  name: 'Owls',
  description: '',
  game: 'Valorant',
  avatar: '',
  ownerId: 'director-1',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const memberships: MembershipRecord[] = [
  { teamId: 'team-1', userId: 'coach-1', role: 'COACH', joinedAt: '2026-11-02T00:00:00.000Z' },
  { teamId: 'team-1', userId: 'gamer-1', role: 'GAMER', joinedAt: '2026-11-02T00:00:00.000Z' },
];
/** The caller's membership lookup, counting the items read. */
const counted = () => {
  const reads: string[] = [];
  const teams = {
    getMembership: async (teamId: string, userId: string) => {
      reads.push(userId);
      return memberships.find((one) => one.teamId === teamId && one.userId === userId) ?? null;
    },
  };
  return { reads, teams };
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
