import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { shiftDay } from '@core/dates';
import { answersWith } from '@core/test-support/answers';
import { answersArbitrary } from '@core/test-support/arbitraries';
import { db } from '../lib/db/client';
import { teamPartition, userPartition } from '../lib/db/keys';
import { query } from '../lib/db/table';
import { dynamoScoreStore } from '../lib/stores/score-store';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { membershipRecord, seedRecords, teamRecord, userRecord } from '../lib/stores/test-support/records';
import { dynamoUserStore } from '../lib/stores/user-store';
import { submitAnswers } from './check-in';
import { type GamerHistory, historyOf } from './history';

/**
 * The bulk loader (demo data, the benchmark) must leave DynamoDB exactly as the same check-ins sent one by one
 * through `submitAnswers` do: two worlds in DynamoDB Local, same people under different ids, compared item by item.
 */
const GAMERS = ['g1', 'g2'];

/** Every item of the world's gamers and team, as stored, with the world's tag taken out of ids and keys. */
async function itemsOf(tag: string): Promise<unknown[]> {
  const partitions = [...GAMERS.map((gamer) => userPartition(`${tag}-${gamer}`)), teamPartition(`${tag}-t1`)];
  const items = [];
  for (const pk of partitions) {
    const { items: stored } = await query({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });
    items.push(...stored);
  }
  return JSON.parse(JSON.stringify(items).replaceAll(`${tag}-`, 'world-')) as unknown[];
}

/** The gamers, their team and memberships, as sign-up and joining leave them, with the zone a first check-in keeps. */
async function createWorld(tag: string): Promise<void> {
  await seedRecords({
    users: GAMERS.map((gamer) => userRecord(`${tag}-${gamer}`, { timeZone: 'UTC' })),
    teams: [teamRecord(`${tag}-t1`, 'director')],
    memberships: GAMERS.map((gamer) => membershipRecord(`${tag}-t1`, `${tag}-${gamer}`)),
  });
}

describe('historyOf, loaded with importHistory', () => {
  it('writes exactly the items the same check-ins sent one by one write', async () => {
    const checkInsArbitrary = fc.array(fc.record({ gap: fc.integer({ min: 1, max: 3 }), answers: answersArbitrary, watchedVideos: fc.boolean() }), {
      minLength: 1,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(fc.tuple(checkInsArbitrary, checkInsArbitrary), async (perGamer) => {
        const run = randomUUID().slice(0, 8);
        const [sent, imported] = [`sent${run}`, `imported${run}`];
        const gamersOf = (tag: string): GamerHistory[] =>
          perGamer.map((checkIns, index) => {
            let date = '2026-03-01';
            return {
              userId: `${tag}-${GAMERS[index]}`,
              timeZone: 'UTC',
              teamIds: [`${tag}-t1`],
              checkIns: checkIns
                .filter((checkIn) => checkIn.answers.length > 0)
                .map(({ gap, answers, watchedVideos }) => {
                  date = shiftDay(date, gap);
                  return { date, answers, watchedVideos, at: new Date(`${date}T12:00:00Z`) };
                }),
            };
          });

        await createWorld(sent);
        for (const gamer of gamersOf(sent)) {
          for (const checkIn of gamer.checkIns) {
            await submitAnswers(
              gamer.userId,
              { answers: checkIn.answers, watchedVideos: checkIn.watchedVideos },
              { users: dynamoUserStore, teams: dynamoTeamStore, scores: dynamoScoreStore },
              checkIn.at,
            );
          }
        }
        await createWorld(imported);
        await dynamoScoreStore.importHistory(historyOf(gamersOf(imported)));

        const sentItems = await itemsOf(sent);
        expect(sentItems.length).toBeGreaterThan(GAMERS.length + 1);
        expect(await itemsOf(imported)).toEqual(sentItems);
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it('stores no team totals until every item they count is stored, so a load cut short is not taken for a loaded team', async () => {
    const tag = `cut${randomUUID().slice(0, 8)}`;
    await createWorld(tag);
    // A month of one gamer's days: enough items that the totals and the member items fall in different slices.
    const history = historyOf([
      {
        userId: `${tag}-g1`,
        timeZone: 'UTC',
        teamIds: [`${tag}-t1`],
        checkIns: Array.from({ length: 30 }, (_, index) => {
          const date = shiftDay('2026-03-01', index);
          return { date, answers: answersWith('best'), watchedVideos: false, at: new Date(`${date}T12:00:00Z`) };
        }),
      },
    ]);
    const teamTotals = async () =>
      (
        await query({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': teamPartition(`${tag}-t1`) }, ConsistentRead: true })
      ).items.filter((item) => item.type === 'TeamDay');

    // The power is cut as the member items go out: no write of them lands; the writes already sent do.
    const client = db();
    const send = client.send.bind(client);
    const sent: Promise<unknown>[] = [];
    jest.spyOn(client, 'send').mockImplementation(((command: unknown) => {
      const requests = command instanceof BatchWriteCommand ? Object.values(command.input.RequestItems ?? {}).flat() : [];
      const cut = requests.some((request) => request.PutRequest?.Item?.type === 'TeamMemberDay');
      const sending = cut ? Promise.reject(new Error('power cut')) : send(command as never);
      sent.push(sending);
      return sending;
    }) as typeof client.send);
    await expect(dynamoScoreStore.importHistory(history)).rejects.toThrow('power cut');
    await Promise.allSettled(sent);
    jest.restoreAllMocks();
    expect(await teamTotals()).toEqual([]);

    // Loading again completes it.
    await dynamoScoreStore.importHistory(history);
    expect((await teamTotals()).length).toBe(30);
  });
});
