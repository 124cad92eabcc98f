/**
 * The journal against the running local stack: comments on a gamer's answers and replies, who may write, read, change
 * and delete them, the comment length counted without markup, the unread counts a comment raises (exactly, also under
 * concurrent comments) and clears, the team day's journal, and the live subscription. Accounts and the team are fresh.
 * Who may call each field at all is also in the authorization matrix; this file checks the rules behind it.
 */
import { COMMENT_MESSAGES, MAX_COMMENT_LENGTH } from '@core/journal';
import { scoreDayOf, shiftDay } from '@core/dates';
import { answersWith } from '@core/test-support/answers';
import { RealtimeClient } from '../../scripts/local/gateway/test-kit';
import type { RoleAccount } from '../support/accounts';
import { inParallel } from '../support/in-parallel';
import { demoTeams, signIn, stackUrls, useStackEnvironment } from '../support/stack';
import { accounts, call, ok, refusal, teamOf } from '../support/team-fixtures';

jest.setTimeout(120_000);

const COMMENT = 'id teamId userId date pillarSlug questionSlug content answerTo authorId createdAt updatedAt deletedAt user { id fullName avatar }';
const CREATE = `mutation($teamId: ID!, $userId: ID!, $date: AWSDate!, $pillarSlug: String!, $questionSlug: String!, $content: String!, $answerTo: ID) {
  createComment(teamId: $teamId, userId: $userId, date: $date, pillarSlug: $pillarSlug, questionSlug: $questionSlug, content: $content, answerTo: $answerTo) { ${COMMENT} } }`;
const UPDATE = `mutation($data: UpdateCommentInput!) { updateComment(data: $data) { ${COMMENT} } }`;
const DELETE = `mutation($id: ID!, $userId: ID) { deleteComment(id: $id, userId: $userId) { ${COMMENT} } }`;
const COMMENTS = `query($teamId: ID!, $date: AWSDate!, $userId: ID) { getJournalComments(teamId: $teamId, date: $date, userId: $userId) { ${COMMENT} } }`;
const REPLIES = `query($answerTo: ID!) { getRepliedComment(answerTo: $answerTo) { ${COMMENT} } }`;
const UNREAD = 'query { teamNotifications { teamId unread } }';
const CLEAR = 'mutation($teamId: ID!, $userId: ID) { clearTeamNotifications(teamId: $teamId, userId: $userId) { teamId unread } }';
const JOURNAL = `query($teamId: ID!, $date: AWSDate!) { teamJournal(teamId: $teamId, date: $date) {
  userId fullName checkedIn gameReadiness answers { questionSlug pillarSlug value score } pillars { pillarSlug score } } }`;
const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';
const OWN = `query($take: Int, $cursor: String) { myJournalComments(take: $take, cursor: $cursor) { items { ${COMMENT} } nextCursor } }`;
const UNREAD_DAYS = 'query($teamId: ID!) { journalUnreadDays(teamId: $teamId) { date unread } }';
const READ_DAY = 'mutation($teamId: ID!, $date: AWSDate!) { readJournalDay(teamId: $teamId, date: $date) { teamId unread } }';

type Person = 'director' | 'coach' | 'gamer' | 'teammate' | 'outsider' | 'admin';
let people: Record<Person, RoleAccount>;
let teamId: string;
const date = scoreDayOf(new Date(), 'UTC');
const onSleep = { pillarSlug: 'sleep', questionSlug: 'sleep-quality' };

const commentBy = (who: RoleAccount, content: string, extra: Record<string, unknown> = {}) =>
  call(who, CREATE, { teamId, userId: people.gamer.id, date, ...onSleep, content, ...extra });

async function created(who: RoleAccount, content: string, extra: Record<string, unknown> = {}) {
  const { data, errors } = await commentBy(who, content, extra);
  expect(errors).toBeUndefined();
  return data!.createComment;
}

async function unreadOf(who: RoleAccount): Promise<number> {
  const { teamNotifications } = await ok(who, UNREAD);
  return teamNotifications.find((count: { teamId: string }) => count.teamId === teamId)?.unread ?? 0;
}

const clear = (who: RoleAccount) => ok(who, CLEAR, { teamId, userId: who.id });

beforeAll(async () => {
  useStackEnvironment();
  people = await accounts<Person>(
    { director: 'DIRECTOR', coach: 'COACH', gamer: 'GAMER', teammate: 'GAMER', outsider: 'GAMER', admin: 'ADMIN' },
    'jrnl',
  );
  teamId = await teamOf(
    people.director,
    [
      [people.gamer, 'GAMER'],
      [people.teammate, 'GAMER'],
      [people.coach, 'COACH'],
    ],
    'Journal team',
  );
});

describe('comments', () => {
  it("a coach's comment on a gamer's answer carries its author's name and the answer it is on", async () => {
    const comment = await created(people.coach, 'Nice sleep streak!');
    expect(comment).toMatchObject({
      teamId,
      userId: people.gamer.id,
      date,
      ...onSleep,
      content: 'Nice sleep streak!',
      answerTo: null,
      authorId: people.coach.id,
      user: { id: people.coach.id, fullName: 'jrnl coach' },
      deletedAt: null,
    });
    const { getJournalComments } = await ok(people.director, COMMENTS, { teamId, date });
    expect(getJournalComments.map((c: { id: string }) => c.id)).toContain(comment.id);
  });

  it(`refuses ${MAX_COMMENT_LENGTH + 1} characters without markup and accepts ${MAX_COMMENT_LENGTH} plus markup tags, stored as typed`, async () => {
    const long = 'a'.repeat(MAX_COMMENT_LENGTH);
    expect(await refusal(people.director, CREATE, { teamId, userId: people.gamer.id, date, ...onSleep, content: `${long}b` })).toEqual({
      errorType: 'ValidationError',
      message: COMMENT_MESSAGES.tooLong,
    });
    const marked = `<p><b>${long.slice(0, 500)}</b>${long.slice(500)}</p>`;
    expect((await created(people.director, marked)).content).toBe(marked);
  });

  it('refuses an empty comment (also one of markup only) and stores nothing', async () => {
    const before = (await ok(people.director, COMMENTS, { teamId, date })).getJournalComments.length;
    for (const content of ['', '   ', '<p></p>']) {
      expect(await refusal(people.director, CREATE, { teamId, userId: people.gamer.id, date, ...onSleep, content })).toEqual({
        errorType: 'ValidationError',
        message: COMMENT_MESSAGES.required,
      });
    }
    expect((await ok(people.director, COMMENTS, { teamId, date })).getJournalComments).toHaveLength(before);
  });

  it("refuses a comment on a question of another pillar, and on someone who is not one of the team's gamers", async () => {
    expect((await commentBy(people.coach, 'Hm', { pillarSlug: 'mental' })).errors?.[0]?.errorType).toBe('ValidationError');
    expect((await call(people.coach, CREATE, { teamId, userId: people.outsider.id, date, ...onSleep, content: 'Hi' })).errors?.[0]?.errorType).toBe(
      'ValidationError',
    );
    expect((await call(people.coach, CREATE, { teamId, userId: people.coach.id, date, ...onSleep, content: 'Hi' })).errors?.[0]?.errorType).toBe(
      'ValidationError',
    );
  });

  it('lets the gamer read and reply to the comments on his own answers only', async () => {
    const root = await created(people.director, 'How did you sleep?');
    // A gamer replies; he does not start threads, nor reads or comments on a teammate's answers.
    expect((await commentBy(people.gamer, 'Badly')).errors?.[0]?.errorType).toBe('Unauthorized');
    const reply = await created(people.gamer, 'Badly, the neighbours <b>partied</b>', { answerTo: root.id });
    expect(reply).toMatchObject({ answerTo: root.id, authorId: people.gamer.id, content: 'Badly, the neighbours <b>partied</b>' });
    expect((await ok(people.gamer, REPLIES, { answerTo: root.id })).getRepliedComment.map((c: { id: string }) => c.id)).toEqual([reply.id]);
    const own = (await ok(people.gamer, COMMENTS, { teamId, date, userId: people.gamer.id })).getJournalComments;
    expect(own.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([root.id, reply.id]));
    expect((await refusal(people.gamer, COMMENTS, { teamId, date })).errorType).toBe('Unauthorized');
    expect((await refusal(people.teammate, COMMENTS, { teamId, date, userId: people.gamer.id })).errorType).toBe('Unauthorized');
    expect((await refusal(people.teammate, REPLIES, { answerTo: root.id })).errorType).toBe('Unauthorized');
    expect(
      (await call(people.teammate, CREATE, { teamId, userId: people.gamer.id, date, ...onSleep, content: 'Me too', answerTo: root.id })).errors?.[0]
        ?.errorType,
    ).toBe('Unauthorized');
  });

  it('refuses a reply on another answer than the comment it replies to', async () => {
    const root = await created(people.coach, 'Thread');
    expect((await commentBy(people.coach, 'Elsewhere', { answerTo: root.id, questionSlug: 'sleep-hours' })).errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'A reply must be on the same answer as the comment it replies to.',
    });
  });

  it('lets admins read and refuses outsiders and admins writing', async () => {
    expect((await ok(people.admin, COMMENTS, { teamId, date })).getJournalComments.length).toBeGreaterThan(0);
    expect((await refusal(people.outsider, COMMENTS, { teamId, date, userId: people.outsider.id })).errorType).toBe('Unauthorized');
    expect((await commentBy(people.admin, 'Admin note')).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await commentBy(people.outsider, 'Spam')).errors?.[0]?.errorType).toBe('Unauthorized');
  });

  it('lets only the author change and delete a comment; a deleted one is gone', async () => {
    const comment = await created(people.coach, 'First version');
    expect((await refusal(people.director, UPDATE, { data: { id: comment.id, content: 'Hijacked' } })).errorType).toBe('Unauthorized');
    expect((await refusal(people.director, DELETE, { id: comment.id, userId: people.director.id })).errorType).toBe('Unauthorized');
    expect((await refusal(people.director, DELETE, { id: comment.id, userId: people.coach.id })).errorType).toBe('Unauthorized');
    const { updateComment } = await ok(people.coach, UPDATE, { data: { id: comment.id, content: 'Second version' } });
    expect(updateComment).toMatchObject({ id: comment.id, content: 'Second version', createdAt: comment.createdAt });
    expect((await refusal(people.coach, UPDATE, { data: { id: comment.id, content: 'x'.repeat(MAX_COMMENT_LENGTH + 1) } })).errorType).toBe(
      'ValidationError',
    );
    const { deleteComment } = await ok(people.coach, DELETE, { id: comment.id, userId: people.coach.id });
    expect(deleteComment).toMatchObject({ id: comment.id, teamId, content: 'Second version', deletedAt: expect.any(String) });
    const left = (await ok(people.director, COMMENTS, { teamId, date })).getJournalComments;
    expect(left.map((c: { id: string }) => c.id)).not.toContain(comment.id);
    expect((await refusal(people.coach, DELETE, { id: comment.id })).errorType).toBe('NotFound');
  });
});

describe('notifications', () => {
  it("a coach's comment raises the director's and the gamer's unread counts, not the coach's; clearing sets it to 0", async () => {
    await Promise.all([clear(people.director), clear(people.gamer), clear(people.coach)]);
    await created(people.coach, 'Counting');
    expect(await unreadOf(people.director)).toBe(1);
    expect(await unreadOf(people.gamer)).toBe(1);
    expect(await unreadOf(people.coach)).toBe(0);
    expect(await unreadOf(people.teammate)).toBe(0);
    expect((await clear(people.director)).clearTeamNotifications).toEqual({ teamId, unread: 0 });
    expect(await unreadOf(people.director)).toBe(0);
    expect(await unreadOf(people.gamer)).toBe(1);
  });

  it("clears only one's own count", async () => {
    expect((await refusal(people.director, CLEAR, { teamId, userId: people.gamer.id })).errorType).toBe('Unauthorized');
  });

  it('counts concurrent comments exactly', async () => {
    await clear(people.director);
    await inParallel(
      Array.from({ length: 12 }, (_, n) => n),
      6,
      (n) => created(people.coach, `Parallel ${n}`),
    );
    expect(await unreadOf(people.director)).toBe(12);
  });
});

describe("the gamer's view: the comments on his own days", () => {
  type Own = 'director' | 'coach' | 'gamer' | 'teammate' | 'rival';
  let own: Record<Own, RoleAccount>;
  let home: string;
  let other: string;
  const yesterday = shiftDay(date, -1);
  const on = (team: string, gamer: RoleAccount, day: string) => ({ teamId: team, userId: gamer.id, date: day, ...onSleep });
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  beforeAll(async () => {
    own = await accounts<Own>({ director: 'DIRECTOR', coach: 'COACH', gamer: 'GAMER', teammate: 'GAMER', rival: 'DIRECTOR' }, 'jrnl.own');
    home = await teamOf(
      own.director,
      [
        [own.gamer, 'GAMER'],
        [own.teammate, 'GAMER'],
        [own.coach, 'COACH'],
      ],
      'Own home',
    );
    other = await teamOf(own.rival, [[own.gamer, 'GAMER']], 'Own other');
  });

  it("lists them newest first across his teams with their authors, a page at a time, never a teammate's; his reply joins them", async () => {
    const older = (await ok(own.coach, CREATE, { ...on(home, own.gamer, yesterday), content: 'Yesterday: early night?' })).createComment;
    const teammates = (await ok(own.coach, CREATE, { ...on(home, own.teammate, date), content: 'For the teammate' })).createComment;
    const elsewhere = (await ok(own.rival, CREATE, { ...on(other, own.gamer, date), content: 'From the other team' })).createComment;
    const newest = (await ok(own.director, CREATE, { ...on(home, own.gamer, date), content: 'Today: well slept' })).createComment;

    const first = (await ok(own.gamer, OWN, { take: 2 })).myJournalComments;
    expect(ids(first.items)).toEqual([newest.id, elsewhere.id]);
    expect(first.items[0]).toMatchObject({ content: 'Today: well slept', date, user: { fullName: 'jrnl own director' } });
    const rest = (await ok(own.gamer, OWN, { take: 2, cursor: first.nextCursor })).myJournalComments;
    expect(ids(rest.items)).toEqual([older.id]);
    expect(rest.items[0]).toMatchObject({ date: yesterday, user: { fullName: 'jrnl own coach' } });
    expect((await ok(own.teammate, OWN)).myJournalComments.items.map((c: { content: string }) => c.content)).toEqual(['For the teammate']);
    expect((await ok(own.coach, OWN)).myJournalComments).toEqual({ items: [], nextCursor: null });

    const reply = (await ok(own.gamer, CREATE, { ...on(home, own.gamer, yesterday), content: 'Yes, at ten', answerTo: older.id })).createComment;
    expect(ids((await ok(own.gamer, OWN)).myJournalComments.items)).toEqual([reply.id, newest.id, elsewhere.id, older.id]);
    // Replying on a teammate's day is refused, as on his own day with a teammate's comment.
    expect((await refusal(own.gamer, CREATE, { ...on(home, own.teammate, date), content: 'Me too', answerTo: teammates.id })).errorType).toBe(
      'Unauthorized',
    );
    expect((await refusal(own.gamer, CREATE, { ...on(home, own.gamer, date), content: 'Me too', answerTo: teammates.id })).errorType).toBe(
      'ValidationError',
    );
  });

  it('drops a team he left, and comments deleted since', async () => {
    const leaving = (await ok(own.rival, CREATE, { ...on(other, own.gamer, date), content: 'Before you go' })).createComment;
    const gone = (await ok(own.coach, CREATE, { ...on(home, own.gamer, date), content: 'Oops' })).createComment;
    expect(ids((await ok(own.gamer, OWN)).myJournalComments.items)).toEqual(expect.arrayContaining([leaving.id, gone.id]));
    await ok(own.coach, DELETE, { id: gone.id });
    await ok(own.gamer, 'mutation($teamId: ID) { leaveTeam(teamId: $teamId) { __typename } }', { teamId: other });
    const shown = (await ok(own.gamer, OWN, { take: 50 })).myJournalComments.items;
    expect(shown.filter((c: { id: string; teamId: string }) => c.teamId === other || c.id === gone.id)).toEqual([]);
    expect(shown.length).toBeGreaterThan(0);
  });

  it('refuses a page size out of bounds and a forged cursor, with the messages of the shared schema', async () => {
    expect(await refusal(own.gamer, OWN, { take: 51 })).toEqual({ errorType: 'ValidationError', message: 'take must be at most 50.' });
    expect(await refusal(own.gamer, OWN, { take: 0 })).toEqual({ errorType: 'ValidationError', message: 'take must be at least 1.' });
    const forged = Buffer.from(JSON.stringify({ pk: `USER#${own.teammate.id}`, sk: 'COMMENT_ON_DAY#9' })).toString('base64url');
    expect(await refusal(own.gamer, OWN, { cursor: forged })).toEqual({
      errorType: 'ValidationError',
      message: 'The paging cursor is not valid. Start again from the first page.',
    });
  });

  it("lists the director's days with unread comments newest first, and reading one day leaves the others unread", async () => {
    await ok(own.director, CLEAR, { teamId: home });
    await ok(own.coach, CREATE, { ...on(home, own.gamer, shiftDay(date, -2)), content: 'Two days ago' });
    await ok(own.coach, CREATE, { ...on(home, own.teammate, yesterday), content: 'Yesterday, teammate' });
    await ok(own.coach, CREATE, { ...on(home, own.gamer, yesterday), content: 'Yesterday, gamer' });
    const days = (await ok(own.director, UNREAD_DAYS, { teamId: home })).journalUnreadDays;
    expect(days).toEqual([
      { date: yesterday, unread: 2 },
      { date: shiftDay(date, -2), unread: 1 },
    ]);
    expect((await ok(own.director, READ_DAY, { teamId: home, date: yesterday })).readJournalDay).toEqual({ teamId: home, unread: 1 });
    expect((await ok(own.director, UNREAD_DAYS, { teamId: home })).journalUnreadDays).toEqual([{ date: shiftDay(date, -2), unread: 1 }]);
    expect((await ok(own.director, UNREAD)).teamNotifications).toEqual(expect.arrayContaining([{ teamId: home, unread: 1 }]));
    // The gamer's own counts are his: reading the director's day did not touch them.
    expect((await ok(own.gamer, UNREAD_DAYS, { teamId: home })).journalUnreadDays.map((day: { date: string }) => day.date)).toContain(yesterday);
    expect((await refusal(own.gamer, UNREAD_DAYS, { teamId: other })).errorType).toBe('Unauthorized');
    expect((await refusal(own.teammate, READ_DAY, { teamId: other, date })).errorType).toBe('Unauthorized');
  });
});

describe('the team day journal', () => {
  it("lists each gamer's answers of the day by pillar, for the team's staff only", async () => {
    await ok(people.teammate, CHECK_IN, { answers: answersWith('best') });
    const { teamJournal } = await ok(people.coach, JOURNAL, { teamId, date });
    const teammate = teamJournal.find((member: { userId: string }) => member.userId === people.teammate.id);
    expect(teammate).toMatchObject({ fullName: 'jrnl teammate', checkedIn: true });
    expect(teammate.answers).toEqual(
      expect.arrayContaining([expect.objectContaining({ questionSlug: 'sleep-quality', pillarSlug: 'sleep', score: 100 })]),
    );
    expect(teammate.pillars.map((pillar: { pillarSlug: string }) => pillar.pillarSlug)).toEqual([
      'sleep',
      'nutrition',
      'mental',
      'lifestyle',
      'physical',
    ]);
    expect(teamJournal.find((member: { userId: string }) => member.userId === people.coach.id)).toBeUndefined();
    expect((await refusal(people.gamer, JOURNAL, { teamId, date })).errorType).toBe('Unauthorized');
  });
});

describe('live comments', () => {
  const SUBSCRIBE = `subscription($teamId: ID!, $userId: ID) { onJournalComment(teamId: $teamId, userId: $userId) { ${COMMENT} } }`;

  async function subscribed(who: RoleAccount, variables: Record<string, unknown>) {
    const { graphqlUrl, realtimeUrl } = stackUrls();
    const header = { host: new URL(graphqlUrl).host, Authorization: who.token };
    const client = await RealtimeClient.connect(realtimeUrl, header);
    client.send({ type: 'connection_init' });
    await client.next((message) => message.type === 'connection_ack');
    client.send({
      id: 'journal',
      type: 'start',
      payload: { data: JSON.stringify({ query: SUBSCRIBE, variables }), extensions: { authorization: header } },
    });
    const reply = await client.next((message) => message.id === 'journal' && message.type !== 'data');
    return { client, reply };
  }

  it("delivers a coach's new, edited and deleted comment to the director's open journal", async () => {
    const { client, reply } = await subscribed(people.director, { teamId });
    try {
      expect(reply.type).toBe('start_ack');
      const comment = await created(people.coach, 'Live one');
      expect((await client.next((m) => m.type === 'data')).payload.data.onJournalComment).toMatchObject({
        id: comment.id,
        content: 'Live one',
        user: { fullName: 'jrnl coach' },
      });
      await ok(people.coach, UPDATE, { data: { id: comment.id, content: 'Live, edited' } });
      expect((await client.next((m) => m.type === 'data')).payload.data.onJournalComment).toMatchObject({
        id: comment.id,
        content: 'Live, edited',
        deletedAt: null,
      });
      await ok(people.coach, DELETE, { id: comment.id });
      expect((await client.next((m) => m.type === 'data')).payload.data.onJournalComment).toMatchObject({
        id: comment.id,
        deletedAt: expect.any(String),
      });
    } finally {
      client.ws.close();
    }
  });

  it("delivers to a gamer only the comments on his own answers, and refuses outsiders and a gamer following a teammate's", async () => {
    const { client, reply } = await subscribed(people.gamer, { teamId, userId: people.gamer.id });
    try {
      expect(reply.type).toBe('start_ack');
      await ok(people.coach, CREATE, { teamId, userId: people.teammate.id, date, ...onSleep, content: 'For the teammate' });
      const mine = await created(people.coach, 'For the gamer');
      expect((await client.next((m) => m.type === 'data')).payload.data.onJournalComment).toMatchObject({ id: mine.id });
      expect(client.messages.filter((m) => m.type === 'data')).toEqual([]);
    } finally {
      client.ws.close();
    }
    for (const [who, variables] of [
      [people.outsider, { teamId }],
      [people.outsider, { teamId, userId: people.outsider.id }],
      [people.gamer, { teamId }],
      [people.gamer, { teamId, userId: people.teammate.id }],
    ] as const) {
      const refused = await subscribed(who, variables);
      refused.client.ws.close();
      expect(refused.reply).toMatchObject({ type: 'error', payload: { errors: [expect.objectContaining({ errorType: 'Unauthorized' })] } });
    }
  });
});

describe('demo data', () => {
  it("seeds comments on Night Owls' last days from the coach and the director, a reply from the gamer, and unread notifications for the director", async () => {
    const nightOwls = demoTeams.find((team) => team.name === 'Night Owls')!;
    const director = { token: (await signIn('director@fitgauge.test')).accessToken };
    const { teamNotifications } = await ok(director, UNREAD);
    expect(teamNotifications.find((count: { teamId: string }) => count.teamId === nightOwls.id)?.unread).toBeGreaterThan(0);
    const days = [1, 2, 3].map((back) => shiftDay(date, -back));
    const comments = (
      await Promise.all(days.map(async (day) => (await ok(director, COMMENTS, { teamId: nightOwls.id, date: day })).getJournalComments))
    ).flat();
    const authors = new Set(comments.map((comment: { user: { fullName: string } }) => comment.user.fullName));
    expect(authors.size).toBeGreaterThanOrEqual(3);
    const reply = comments.find((comment: { answerTo: string | null }) => comment.answerTo !== null);
    expect(reply).toMatchObject({ authorId: reply.userId });
    expect(comments.map((comment: { id: string }) => comment.id)).toContain(reply.answerTo);
  });
});
