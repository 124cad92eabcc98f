import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { aggregateTeamDay, buildMemberDay, TEAM_METRICS } from '@core/scoring';
import { answersWith } from '@core/test-support/answers';
import { config } from '../config';
import { db } from '../db/client';
import { backfillCheckIns, backfillTeamDays } from './score-backfill';
import { dynamoScoreStore as scores, type StoredMemberDay, withdrawFromTeamDay } from './score-store';
import { freshIds, seedRecords, teamRecord, userRecord } from './test-support/records';

/**
 * The migration of issue 33 on DynamoDB Local: days and Answer items written as check-ins wrote them before, moved
 * to the day alone. The table is shared with other suites, whose users the backfill also goes through (harmlessly).
 */
const at = '2026-03-02T09:00:00.000Z';
const table = () => config.tableName;

/** A day and its Answer items as check-ins stored them until issue 33; `copy`: with the day's own copy of the answers (since the journal). */
async function legacyCheckIn(userId: string, date: string, { copy }: { copy: boolean }): Promise<StoredMemberDay> {
  const answers = answersWith('best');
  const day: StoredMemberDay = {
    ...buildMemberDay({ userId, date, answers, previous: null, watchedVideos: false }),
    version: 2,
    timeZone: 'UTC',
    closesAt: `${date}T23:59:59.000Z`,
    watchedVideos: false,
    updatedAt: at,
  };
  // The first answer was given an hour before the correction that wrote the rest.
  const answeredAt = (index: number) => (index === 0 ? '2026-03-02T08:00:00.000Z' : at);
  const copied = Object.fromEntries(answers.map(({ questionSlug, value }, index) => [questionSlug, { value, answeredAt: answeredAt(index) }]));
  const items = [
    { pk: `USER#${userId}`, sk: `DAY#${date}`, type: 'MemberDay', ...day, ...(copy ? { answers: copied } : {}) },
    ...answers.map(({ questionSlug, value }, index) => ({
      pk: `USER#${userId}`,
      sk: `ANSWER#${date}#${questionSlug}`,
      type: 'Answer',
      id: `${userId}#${date}#${questionSlug}`,
      userId,
      date,
      questionSlug,
      value,
      answeredAt: answeredAt(index),
    })),
  ];
  for (let start = 0; start < items.length; start += 25) {
    await db().send(new BatchWriteCommand({ RequestItems: { [table()]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
  return { ...day, answers: copied };
}

const answerItemsOf = async (userId: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :answer)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':answer': 'ANSWER#' },
      }),
    )
  ).Items ?? [];

// Each test seeds weeks of days and runs the whole backfill twice: more than jest's 5 s on a busy 2-core machine.
jest.setTimeout(60_000);

describe('backfillCheckIns', () => {
  it("puts every day's answers on the day, in the new form, deletes the Answer items, and changes nothing when run again", async () => {
    const id = freshIds();
    const [journalEra, beforeJournal] = [id('journal-era'), id('before-journal')];
    await seedRecords({ users: [userRecord(journalEra), userRecord(beforeJournal)] });
    const withCopy = await legacyCheckIn(journalEra, '2026-03-02', { copy: true });
    const withoutCopy = await legacyCheckIn(beforeJournal, '2026-03-02', { copy: false });

    const first = await backfillCheckIns();
    expect(first.days).toBeGreaterThanOrEqual(2);
    for (const [userId, day] of [
      [journalEra, withCopy],
      [beforeJournal, withoutCopy],
    ] as const) {
      expect(await answerItemsOf(userId)).toEqual([]);
      expect(await scores.latestDays(userId, 1)).toEqual([day]);
      expect((await scores.answers(userId, { startDate: day.date, endDate: day.date })).map((answer) => answer.answeredAt)).toContain(
        '2026-03-02T08:00:00.000Z',
      );
      // Stored compactly: each answer's value, and the instant only of the one given before the day's last write.
      const { Item } = await db().send(new GetCommand({ TableName: table(), Key: { pk: `USER#${userId}`, sk: `DAY#${day.date}` } }));
      expect(Item).toMatchObject({ answers: { 'sleep-quality': expect.any(String) }, version: 2 });
      expect(Object.keys(Item!.answeredAt as object)).toHaveLength(1);
    }

    const again = await backfillCheckIns();
    expect(again).toMatchObject({ days: 0, answerItemsDeleted: 0 });
    expect(await scores.latestDays(beforeJournal, 1)).toEqual([withoutCopy]);
  });

  it('leaves alone a day a check-in wrote while it ran (the version it read is gone), and still deletes the Answer items', async () => {
    const id = freshIds();
    const gamer = id('gamer');
    await seedRecords({ users: [userRecord(gamer)] });
    await legacyCheckIn(gamer, '2026-03-02', { copy: false });
    // A check-in of the new code lands between the backfill's read of the day and its write.
    const corrected: StoredMemberDay = {
      ...buildMemberDay({ userId: gamer, date: '2026-03-02', answers: answersWith('worst'), previous: null, watchedVideos: false }),
      version: 3,
      timeZone: 'UTC',
      closesAt: '2026-03-02T23:59:59.000Z',
      watchedVideos: false,
      updatedAt: '2026-03-02T10:00:00.000Z',
      answers: Object.fromEntries(
        answersWith('worst').map(({ questionSlug, value }) => [questionSlug, { value, answeredAt: '2026-03-02T10:00:00.000Z' }]),
      ),
    };
    const client = db();
    const send = client.send.bind(client);
    let landed = false;
    jest.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof PutCommand && !landed && command.input.Item?.userId === gamer) {
        landed = true;
        await scores.saveDay({
          day: corrected,
          expectedVersion: 2,
          teams: [],
          userZone: { read: { timeZone: null, timeZoneFrom: null, previousTimeZone: null }, next: null },
        });
      }
      return send(command as never);
    }) as typeof client.send);
    await backfillCheckIns();
    jest.restoreAllMocks();

    expect(landed).toBe(true);
    expect(await scores.latestDays(gamer, 1)).toEqual([corrected]);
    expect(await answerItemsOf(gamer)).toEqual([]);
  });
});

/** A team day's totals item as check-ins wrote it before member items: the sums, and one map per member with `v`. */
async function legacyTeamDay(teamId: string, days: readonly StoredMemberDay[]) {
  const { date, totals, members } = aggregateTeamDay(days[0]!.date, days);
  const item: Record<string, unknown> = { pk: `TEAM#${teamId}`, sk: `DAY#${date}`, type: 'TeamDay', teamId, date, updatedAt: at, rev: days.length };
  for (const metric of TEAM_METRICS) {
    if (totals[metric].count === 0) continue;
    item[`sum_${metric}`] = totals[metric].sum;
    item[`count_${metric}`] = totals[metric].count;
  }
  for (const day of days) item[`member_${day.userId}`] = { ...members[day.userId], v: day.version };
  await db().send(new PutCommand({ TableName: table(), Item: item }));
}

describe('backfillTeamDays, and team days of both forms', () => {
  it('reads team days of the form before member items, moves their members to member items once, and withdraws a member once', async () => {
    const id = freshIds();
    const [director, g1, g2, g3] = [id('director'), id('g1'), id('g2'), id('g3')];
    const teamId = id('team');
    await seedRecords({ users: [director, g1, g2, g3].map((user) => userRecord(user)), teams: [teamRecord(teamId, director)] });
    const dayOf = (userId: string, date: string, version = 1): StoredMemberDay => ({
      ...buildMemberDay({ userId, date, answers: answersWith(userId === g1 ? 'best' : 'worst'), previous: null, watchedVideos: false }),
      version,
      timeZone: 'UTC',
      closesAt: `${date}T23:59:59.000Z`,
      watchedVideos: false,
      updatedAt: at,
    });
    const [a, b] = ['2026-03-02', '2026-03-03'];
    const days = [dayOf(g1, a, 2), dayOf(g2, a), dayOf(g1, b), dayOf(g2, b)];
    await scores.importHistory({ days, teamDays: [] });
    await legacyTeamDay(teamId, days.slice(0, 2));
    await legacyTeamDay(teamId, days.slice(2));
    const window = { startDate: a, endDate: b };

    // Read as they are: the members from the maps, the totals from the item.
    expect(await scores.teamDays(teamId, window)).toEqual([aggregateTeamDay(a, days.slice(0, 2)), aggregateTeamDay(b, days.slice(2))]);
    const [totals] = await scores.teamDays(teamId, { startDate: a, endDate: a }, ['fgScore']);
    expect(totals!.totals.fgScore).toEqual(aggregateTeamDay(a, days.slice(0, 2)).totals.fgScore);

    // A check-in of the new code on day b: its recount moves the maps there.
    const third = dayOf(g3, b);
    await scores.importHistory({ days: [third], teamDays: [] });
    await scores.countInTeams(third, [{ teamId }]);
    const stored = async (date: string) =>
      (await db().send(new GetCommand({ TableName: table(), Key: { pk: `TEAM#${teamId}`, sk: `DAY#${date}` }, ConsistentRead: true }))).Item!;
    expect(Object.keys(await stored(b)).filter((name) => name.startsWith('member_'))).toEqual([]);
    expect((await scores.teamDays(teamId, { startDate: b, endDate: b }))[0]).toEqual(aggregateTeamDay(b, [...days.slice(2), third]));

    // The backfill moves day a's; run again, it finds nothing of this team to move.
    await backfillTeamDays();
    expect(Object.keys(await stored(a)).filter((name) => name.startsWith('member_'))).toEqual([]);
    expect(await stored(a)).toMatchObject({ updatedAt: at });
    expect(await scores.teamDays(teamId, window)).toEqual([aggregateTeamDay(a, days.slice(0, 2)), aggregateTeamDay(b, [...days.slice(2), third])]);
    const before = await stored(a);
    await backfillTeamDays();
    expect(await stored(a)).toEqual(before);

    // Account deletion's withdrawal, sent twice (a resumed deletion), subtracts once, in either form.
    const later = [dayOf(g1, '2026-03-04'), dayOf(g2, '2026-03-04')];
    await scores.importHistory({ days: later, teamDays: [] });
    await legacyTeamDay(teamId, later);
    for (const date of [a, '2026-03-04']) {
      for (let run = 0; run < 2; run += 1) await withdrawFromTeamDay(teamId, dayOf(g1, date, date === a ? 2 : 1), '2026-03-05T09:00:00.000Z');
      expect((await scores.teamDays(teamId, { startDate: date, endDate: date }))[0]).toEqual(aggregateTeamDay(date, [dayOf(g2, date)]));
    }
  });
});
