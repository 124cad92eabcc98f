import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, type PutCommandInput, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { buildMemberDay } from '@core/scoring';
import { DayVersionConflict, dynamoScoreStore, type DayWrite, type StoredMemberDay } from './score-store';

// Adapter test: the shape of what a check-in sends (on DynamoDB itself: stores.dynamodb.test.ts, lambdas/scoring/*.dynamodb.test.ts).
const dynamo = mockClient(DynamoDBDocumentClient);
const at = '2026-04-10T10:00:00.000Z';

function day(answers: { questionSlug: string; value: string }[], version: number): StoredMemberDay {
  const built = buildMemberDay({ userId: 'g1', date: '2026-04-10', answers, previous: null, watchedVideos: false });
  return { ...built, version, timeZone: 'UTC', closesAt: '2026-04-11T04:00:00.000Z', watchedVideos: false, updatedAt: at };
}

function correction(): DayWrite {
  const after = day([{ questionSlug: 'sleep-quality', value: 'terrible' }], 2);
  return {
    day: {
      ...after,
      answers: { 'sleep-quality': { value: 'terrible', answeredAt: at }, 'gaming-today': { value: 'true', answeredAt: '2026-04-10T09:00:00.000Z' } },
      checkInIds: ['k1'],
    },
    expectedVersion: 1,
    teams: ['t1', 't2'].map((teamId) => ({ teamId, joinedAt: '2026-04-01T00:00:00.000Z' })),
    userZone: {
      read: { timeZone: 'UTC', timeZoneFrom: null, previousTimeZone: null },
      next: { timeZone: 'Europe/Berlin', timeZoneFrom: '2026-04-11T04:00:00.000Z', previousTimeZone: 'UTC' },
    },
  };
}

const transactionItems = () => dynamo.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;

beforeAll(() => {
  process.env.TABLE_NAME = 'fitgauge';
});
beforeEach(() => {
  dynamo.reset();
  dynamo.on(TransactWriteCommand).resolves({});
  // A table holding what the test put: the recount's Query of a team's day reads back the member items put before it.
  const stored: PutCommandInput['Item'][] = [];
  dynamo.on(PutCommand).callsFake(async (input: PutCommandInput) => {
    stored.push(input.Item);
    return {};
  });
  dynamo.on(QueryCommand).callsFake(async ({ ExpressionAttributeValues: values }) => ({
    Items: stored.filter((item) => item!.pk === values[':pk'] && item!.sk >= values[':from'] && item!.sk <= values[':to']),
  }));
});

const puts = () => dynamo.commandCalls(PutCommand).map(({ args }) => args[0].input);

describe('dynamoScoreStore.saveDay', () => {
  it("writes the versioned day with its answers, checks the memberships and the zone, and touches no team's item", async () => {
    await dynamoScoreStore.saveDay(correction());
    const items = transactionItems();
    expect(items.map((item) => Object.keys(item)[0])).toEqual(['Put', 'ConditionCheck', 'ConditionCheck', 'Update', 'Put']);
    // The answers once, on the day: each value, and the instant only of the answer given before this check-in.
    expect(items[0].Put).toMatchObject({
      Item: {
        pk: 'USER#g1',
        sk: 'DAY#2026-04-10',
        answers: { 'sleep-quality': 'terrible', 'gaming-today': 'true' },
        answeredAt: { 'gaming-today': '2026-04-10T09:00:00.000Z' },
      },
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': 1 },
    });
    expect(items[1].ConditionCheck).toMatchObject({ Key: { pk: 'TEAM#t1', sk: 'MEMBER#g1' }, ConditionExpression: 'joinedAt = :joinedAt' });
    // The zone change is guarded by the zone fields the day was computed from.
    expect(items[3].Update).toMatchObject({
      Key: { pk: 'USER#g1', sk: 'PROFILE' },
      ConditionExpression:
        'attribute_exists(pk) AND #zone = :zoneRead AND (attribute_not_exists(#zoneFrom) OR attribute_type(#zoneFrom, :null)) AND (attribute_not_exists(#previousZone) OR attribute_type(#previousZone, :null))',
      ExpressionAttributeValues: {
        ':zoneRead': 'UTC',
        ':null': 'NULL',
        ':zone': 'Europe/Berlin',
        ':zoneFrom': '2026-04-11T04:00:00.000Z',
        ':previousZone': 'UTC',
        ':at': at,
      },
    });
  });

  it("then counts the day in each team: the gamer's member item over an older version only, then the totals recounted from the day's member items", async () => {
    await dynamoScoreStore.saveDay(correction());
    const members = puts().filter(({ Item }) => Item!.type === 'TeamMemberDay');
    expect(members.map(({ Item }) => ({ pk: Item!.pk, sk: Item!.sk }))).toEqual([
      { pk: 'TEAM#t1', sk: 'DAY#2026-04-10#g1' },
      { pk: 'TEAM#t2', sk: 'DAY#2026-04-10#g1' },
    ]);
    expect(members[0]).toMatchObject({
      Item: { v: 2 },
      ConditionExpression: 'attribute_not_exists(pk) OR v < :v',
      ExpressionAttributeValues: { ':v': 2 },
    });
    // The recount reads the day's items consistently: a teammate's member item put a moment ago is counted.
    expect(dynamo.commandCalls(QueryCommand).map(({ args }) => args[0].input.ConsistentRead)).toEqual([true, true]);
    const totals = puts().filter(({ Item }) => Item!.type === 'TeamDay');
    expect(totals.map(({ Item }) => [Item!.pk, Item!.sk])).toEqual([
      ['TEAM#t1', 'DAY#2026-04-10'],
      ['TEAM#t2', 'DAY#2026-04-10'],
    ]);
    // A team day nobody counted before: written only if it is still absent, at its first revision, with no member map.
    expect(totals[0]).toMatchObject({ ConditionExpression: 'attribute_not_exists(pk)', Item: { rev: 1 } });
    expect(Object.keys(totals[0]!.Item!).filter((name) => name.startsWith('member_'))).toEqual([]);
    // The sleep pillar after the correction is 0 (every sleep answer at its worst): one member counted, summing to 0.
    expect(totals[0]!.Item).toMatchObject({ sum_sleep: 0, count_sleep: 1 });
  });

  it('copies only what the members table reads as the latest day, unless a later day is the latest', async () => {
    await dynamoScoreStore.saveDay(correction());
    const latest = transactionItems().at(-1)!.Put!;
    expect(latest).toMatchObject({
      Item: { pk: 'USER#g1', sk: 'LATEST_DAY', type: 'LatestMemberDay', date: '2026-04-10', version: 2 },
      ConditionExpression: 'attribute_not_exists(pk) OR #date <= :date',
      ExpressionAttributeValues: { ':date': '2026-04-10' },
    });
    for (const left of ['answers', 'answeredAt', 'checkInIds', 'pillars', 'closesAt']) expect(latest.Item).not.toHaveProperty(left);
  });

  it('checks the zone it read without writing the user when the zone stays', async () => {
    const read = { timeZone: 'Europe/Berlin', timeZoneFrom: '2026-04-11T02:00:00.000Z', previousTimeZone: 'UTC' };
    await dynamoScoreStore.saveDay({ ...correction(), userZone: { read, next: null } });
    expect(transactionItems().at(-2)).toEqual({
      ConditionCheck: {
        TableName: 'fitgauge',
        Key: { pk: 'USER#g1', sk: 'PROFILE' },
        ConditionExpression: 'attribute_exists(pk) AND #zone = :zoneRead AND #zoneFrom = :zoneFromRead AND #previousZone = :previousZoneRead',
        ExpressionAttributeNames: { '#zone': 'timeZone', '#zoneFrom': 'timeZoneFrom', '#previousZone': 'previousTimeZone' },
        ExpressionAttributeValues: { ':zoneRead': 'Europe/Berlin', ':zoneFromRead': '2026-04-11T02:00:00.000Z', ':previousZoneRead': 'UTC' },
      },
    });
  });

  it.each([
    ['the day (its version)', 0],
    ['a membership', 1],
    ['the user’s zone', 3],
    ['the latest day (a later day was written)', 4],
  ])('reports %s changed meanwhile as a version conflict, and counts nothing', async (_case, failedItem) => {
    const CancellationReasons = Array.from({ length: 5 }, (_, index) => ({ Code: index === failedItem ? 'ConditionalCheckFailed' : 'None' }));
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons }));
    await expect(dynamoScoreStore.saveDay(correction())).rejects.toBeInstanceOf(DayVersionConflict);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it("stops recounting a team's day once a teammate's recount read its member item, however many races it loses", async () => {
    // A team checking in several a second: every read finds the totals one revision on (and this member's item, not
    // in them yet), and every write of them loses.
    const reads = new Map<string, number>();
    const members: PutCommandInput['Item'][] = [];
    dynamo.on(PutCommand).callsFake(async (input: PutCommandInput) => {
      if (input.Item!.type === 'TeamDay')
        throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
      members.push(input.Item);
      return {};
    });
    dynamo.on(QueryCommand).callsFake(async ({ ExpressionAttributeValues: values }) => {
      const pk = values[':pk'] as string;
      reads.set(pk, (reads.get(pk) ?? 0) + 1);
      const totals = { pk, sk: 'DAY#2026-04-10', type: 'TeamDay', teamId: pk.slice(5), date: '2026-04-10', updatedAt: at, rev: reads.get(pk)! };
      return { Items: [totals, ...members.filter((item) => item!.pk === pk)] };
    });
    await dynamoScoreStore.saveDay(correction());
    // Read, lost; read one on, lost; read two on: the recount that wrote that one read after this member's item.
    expect(Object.fromEntries(reads)).toEqual({ 'TEAM#t1': 3, 'TEAM#t2': 3 });
    expect(puts().filter(({ Item }) => Item!.type === 'TeamDay')).toHaveLength(4);
  });

  it('sends the transaction again while only a concurrent one held its items', async () => {
    const CancellationReasons = [{ Code: 'TransactionConflict' }, ...Array.from({ length: 4 }, () => ({ Code: 'None' }))];
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(new TransactionCanceledException({ message: 'conflict', $metadata: {}, CancellationReasons }))
      .resolves({});
    await dynamoScoreStore.saveDay(correction());
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
    // Then counted in both teams, once each.
    expect(puts().filter(({ Item }) => Item!.type === 'TeamMemberDay')).toHaveLength(2);
  });

  it('refuses a write over DynamoDB’s 100 items before sending it', async () => {
    const write = { ...correction(), teams: Array.from({ length: 98 }, (_, index) => ({ ...correction().teams[0]!, teamId: `t${index}` })) };
    await expect(dynamoScoreStore.saveDay(write)).rejects.toThrow(RangeError);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
