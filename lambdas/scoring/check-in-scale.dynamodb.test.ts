import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { shiftDay } from '@core/dates';
import { aggregateTeamDay } from '@core/scoring';
import { answersWith } from '@core/test-support/answers';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import type { Key } from '../lib/db/table';
import { itemSize, storedBytes, writeUnits } from '../lib/stores/test-support/write-units';
import { submitAnswers } from './check-in';
import { historyOf } from './history';
import { scoringWorld } from './test-support/world';

/**
 * A check-in that scales with the team (issue 33): what one costs in write units and transaction items, and a whole
 * team checking in at once, on DynamoDB Local.
 */
const TODAY = '2026-04-20';
const at = (date: string, time = '10:00:00') => new Date(`${date}T${time}Z`);
const teamOf = (size: number) => Array.from({ length: size }, (_, index) => `g${index}`);

async function teamWorld(size: number) {
  const gamers = teamOf(size);
  const world = await scoringWorld({
    users: Object.fromEntries(gamers.map((gamer) => [gamer, 'Europe/Berlin'])),
    teams: { t1: 'director' },
    memberships: gamers.map((gamer): [string, string] => ['t1', gamer]),
  });
  return { ...world, gamers };
}

/** Every write the document client sends while `work` runs: each item's key, and whether it was inside a transaction. */
async function writesDuring(work: () => Promise<unknown>) {
  const client = db();
  const send = client.send.bind(client);
  const writes: { key: Key; transactional: boolean; kind: string }[] = [];
  const spy = jest.spyOn(client, 'send').mockImplementation(((command: unknown) => {
    if (command instanceof TransactWriteCommand) {
      for (const item of command.input.TransactItems ?? []) {
        const [kind, write] = Object.entries(item)[0]! as [string, { Key?: Key; Item?: Key }];
        writes.push({ key: write.Key ?? { pk: write.Item!.pk, sk: write.Item!.sk }, transactional: true, kind });
      }
    } else if (command instanceof UpdateCommand) {
      writes.push({ key: command.input.Key as Key, transactional: false, kind: 'Update' });
    } else if (command instanceof PutCommand) {
      writes.push({ key: { pk: command.input.Item!.pk as string, sk: command.input.Item!.sk as string }, transactional: false, kind: 'Put' });
    }
    return send(command as never);
  }) as typeof client.send);
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return writes;
}

const stored = async (key: Key) => (await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }))).Item!;

/** A TransactionConflict cancellation, as DynamoDB answers a transaction that met another one on an item. */
const conflict = (items: number) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
    $metadata: {},
    CancellationReasons: Array.from({ length: items }, (_, index) => ({ Code: index === 0 ? 'TransactionConflict' : 'None' })),
  });

describe('a check-in that scales with the team', () => {
  // A team of 5 whose teammates checked in by the API; a team of 100 whose day lists 99 members already (issue 33: the
  // team's day grew 140 bytes a member, and its update cost 1 unit more per KB of members, 14 units at 40 members).
  it.each([
    [5, 'sent'],
    [100, 'loaded'],
  ] as const)(
    'costs a first check-in at most 12 write units in at most 8 transaction items in a team of %i, and stores its answers once',
    async (size, teammates) => {
      const { id, stores, gamers, teamDay } = await teamWorld(size);
      // Ten days of history for every gamer (baselines on the day), and today's check-ins of the teammates.
      const history = gamers.map((gamer) => ({
        userId: id(gamer),
        timeZone: 'Europe/Berlin',
        teamIds: [id('t1')],
        checkIns: Array.from({ length: teammates === 'loaded' && gamer !== 'g0' ? 11 : 10 }, (_, index) => {
          const date = shiftDay(TODAY, index - 10);
          return { date, answers: answersWith(index % 2 ? 'best' : 'worst'), watchedVideos: false, at: at(date, '08:00:00') };
        }),
      }));
      await stores.scores.importHistory(historyOf(history));
      if (teammates === 'sent')
        for (const gamer of gamers.slice(1)) await submitAnswers(id(gamer), { answers: answersWith('worst') }, stores, at(TODAY));
      expect(Object.keys((await teamDay('t1', TODAY))!.members)).toHaveLength(size - 1);

      const writes = await writesDuring(() =>
        submitAnswers(id('g0'), { answers: answersWith('best'), checkInId: randomUUID(), forDate: TODAY }, stores, at(TODAY)),
      );
      const costs = await Promise.all(
        writes
          .map(async (write) => ({ ...write, size: itemSize(await stored(write.key)) }))
          .map(async (cost) => {
            const { size, transactional } = await cost;
            return { ...(await cost), units: writeUnits(size, { transactional }) };
          }),
      );
      const transactionItems = costs.filter((cost) => cost.transactional);
      // The day, the membership checked, the profile's zone checked, the latest-day copy; then the gamer's item of the
      // team's day and the team's totals recounted.
      expect(costs.map(({ key, kind, transactional }) => `${kind} ${key.sk.replace(/#.*/, '#')}${transactional ? '' : ' (alone)'}`)).toEqual([
        'Put DAY#',
        'ConditionCheck MEMBER#',
        'ConditionCheck PROFILE',
        'Put LATEST_DAY',
        'Put DAY# (alone)',
        'Put DAY# (alone)',
      ]);
      expect(transactionItems.length).toBeLessThanOrEqual(8);
      // The team's items do not grow with it: 1 unit each (DynamoDB bills the larger of before and after, both this size).
      expect(costs.slice(4).map((cost) => cost.units)).toEqual([1, 1]);
      expect(costs.reduce((units, cost) => units + cost.units, 0)).toBeLessThanOrEqual(12);
      // No answer items: the answers are on the day, which stays within 2 KB (2 write units, one 4 KB read unit).
      const partition = costs[0]!.key.pk;
      const day = await stored({ pk: partition, sk: `DAY#${TODAY}` });
      expect(Object.keys(day.answers as object)).toHaveLength(answersWith('best').length);
      expect(itemSize(day)).toBeLessThanOrEqual(2048);
      // What one check-in adds to the gamer's storage: the day and the latest-day copy (replaced, not added, later).
      expect(storedBytes(itemSize(day))).toBeLessThan(2300);
      // And the team's day counts all of them once.
      const days = await Promise.all(gamers.map(async (gamer) => (await stores.scores.latestDays(id(gamer), 1))[0]!));
      expect(await teamDay('t1', TODAY)).toEqual(aggregateTeamDay(TODAY, days));
    },
    120_000,
  );

  it('stores every check-in of 50 teammates sending at once, some refused for conflicts, once, and the team day is their sum', async () => {
    const { id, stores, teamDay, gamers } = await teamWorld(50);
    // The stand-in: DynamoDB refuses the first transactional tries of some members as if another transaction held an
    // item (TransactionConflict): once for every third member, twice for every fifth, and for g49 every try until it
    // is let through.
    const refusals = new Map(gamers.map((gamer, index) => [id(gamer), index === 49 ? Infinity : index % 5 === 0 ? 2 : index % 3 === 0 ? 1 : 0]));
    const client = db();
    const send = client.send.bind(client);
    jest.spyOn(client, 'send').mockImplementation(((command: unknown) => {
      if (command instanceof TransactWriteCommand) {
        const userId = command.input.TransactItems?.[0]?.Put?.Item?.userId as string | undefined;
        const left = userId ? (refusals.get(userId) ?? 0) : 0;
        if (left > 0) {
          refusals.set(userId!, left - 1);
          return Promise.reject(conflict(command.input.TransactItems!.length));
        }
      }
      return send(command as never);
    }) as typeof client.send);
    const checkIns = gamers.map((gamer, index) => ({
      gamer,
      input: { answers: answersWith(index % 2 ? 'best' : 'worst'), checkInId: randomUUID(), forDate: TODAY },
    }));

    const outcomes = await Promise.allSettled(checkIns.map(({ gamer, input }) => submitAnswers(id(gamer), input, stores, at(TODAY))));
    // Refused on every try: answered TryAgain, which the app's queue keeps; its next send, let through, is stored.
    // (Any other failure shows with its message.)
    const outcome = (settled: PromiseSettledResult<unknown>) =>
      settled.status === 'fulfilled' ? 'stored' : (settled.reason as Error).name === 'TryAgain' ? 'TryAgain' : String(settled.reason);
    expect(outcomes.map(outcome)).toEqual([...Array.from({ length: 49 }, () => 'stored'), 'TryAgain']);
    refusals.set(id('g49'), 0);
    const resent = await submitAnswers(id('g49'), checkIns[49]!.input, stores, at(TODAY, '10:00:30'));
    // The same check-in sent again once more (its answer was lost) writes nothing.
    await submitAnswers(id('g49'), checkIns[49]!.input, stores, at(TODAY, '10:01:00'));
    jest.restoreAllMocks();

    expect(resent).toMatchObject({ date: TODAY, checkedIn: true });
    const days = await Promise.all(gamers.map(async (gamer) => (await stores.scores.latestDays(id(gamer), 1))[0]!));
    expect(days.map((day) => ({ date: day.date, version: day.version }))).toEqual(gamers.map(() => ({ date: TODAY, version: 1 })));
    expect(await teamDay('t1', TODAY)).toEqual(aggregateTeamDay(TODAY, days));
  }, 120_000);
});
