import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { buildMemberDay, memberDayDelta } from '@core/scoring';
import { DayVersionConflict, dynamoScoreStore, type DayWrite, type StoredMemberDay } from './score-store';

// Adapter test: the shape of the one transaction a check-in sends (DynamoDB itself: tests/integration/scoring.test.ts).
const dynamo = mockClient(DynamoDBDocumentClient);
const at = '2026-04-10T10:00:00.000Z';

function day(answers: { questionSlug: string; value: string }[], version: number): StoredMemberDay {
  const built = buildMemberDay({ userId: 'g1', date: '2026-04-10', answers, previous: null, watchedVideos: false });
  return { ...built, version, timeZone: 'UTC', closesAt: '2026-04-11T04:00:00.000Z', watchedVideos: false, updatedAt: at };
}

function correction(): DayWrite {
  const before = day([{ questionSlug: 'sleep-quality', value: 'great' }], 1);
  const after = day([{ questionSlug: 'sleep-quality', value: 'terrible' }], 2);
  return {
    day: after,
    expectedVersion: 1,
    answers: [
      { id: 'a', userId: 'g1', date: '2026-04-10', questionSlug: 'sleep-quality', pillarSlug: 'sleep', value: 'terrible', score: 0, answeredAt: at },
    ],
    removedQuestionSlugs: ['pain'],
    teamDeltas: ['t1', 't2'].map((teamId) => ({ teamId, delta: memberDayDelta(before, after)! })),
    userZone: {
      read: { timeZone: 'UTC', timeZoneFrom: null, previousTimeZone: null },
      next: { timeZone: 'Europe/Berlin', timeZoneFrom: '2026-04-11T04:00:00.000Z', previousTimeZone: 'UTC' },
    },
  };
}

beforeAll(() => {
  process.env.TABLE_NAME = 'fitgauge';
});
beforeEach(() => dynamo.reset());

describe('dynamoScoreStore.saveDay', () => {
  it('writes answers, the versioned day, each team by delta and the zone in one transaction', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await dynamoScoreStore.saveDay(correction());
    const [{ args }] = dynamo.commandCalls(TransactWriteCommand);
    const items = args[0].input.TransactItems!;
    expect(items.map((item) => Object.keys(item)[0])).toEqual(['Put', 'Delete', 'Put', 'Update', 'Update', 'Update', 'Put']);
    expect(items[1].Delete!.Key).toEqual({ pk: 'USER#g1', sk: 'ANSWER#2026-04-10#pain' });
    expect(items[2].Put).toMatchObject({ ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': 1 } });
    const team = items[3].Update!;
    expect(team.Key).toEqual({ pk: 'TEAM#t1', sk: 'DAY#2026-04-10' });
    expect(team.UpdateExpression).toMatch(/^SET .*#member = :member ADD /);
    // The sleep pillar went from 33 (one of three questions at 100) to 0: its sum drops by 33, the member still counts once.
    const sleepIndex = Object.entries(team.ExpressionAttributeNames!)
      .find(([, name]) => name === 'sum_sleep')![0]
      .slice(2);
    expect(team.ExpressionAttributeValues).toMatchObject({ [`:s${sleepIndex}`]: -33, [`:c${sleepIndex}`]: 0 });
    // The zone change is guarded by the zone fields the day was computed from.
    expect(items[5].Update).toMatchObject({
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

  it('copies the day, without its answers, as the latest day unless a later day is the latest', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const write = correction();
    await dynamoScoreStore.saveDay({
      ...write,
      day: { ...write.day, answers: { 'sleep-quality': { value: 'terrible', answeredAt: at } }, checkInIds: ['k1'] },
    });
    const latest = dynamo.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!.at(-1)!.Put!;
    expect(latest).toMatchObject({
      Item: { pk: 'USER#g1', sk: 'LATEST_DAY', type: 'LatestMemberDay', date: '2026-04-10', version: 2 },
      ConditionExpression: 'attribute_not_exists(pk) OR #date <= :date',
      ExpressionAttributeValues: { ':date': '2026-04-10' },
    });
    expect(latest.Item).not.toHaveProperty('answers');
    expect(latest.Item).not.toHaveProperty('checkInIds');
  });

  it('checks the zone it read without writing the user when the zone stays', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const read = { timeZone: 'Europe/Berlin', timeZoneFrom: '2026-04-11T02:00:00.000Z', previousTimeZone: 'UTC' };
    await dynamoScoreStore.saveDay({ ...correction(), userZone: { read, next: null } });
    const items = dynamo.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(items.at(-2)).toEqual({
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
    ['the day (its version)', 2],
    ['the user’s zone', 5],
    ['the latest day (a later day was written)', 6],
  ])('reports %s changed meanwhile as a version conflict', async (_case, failedItem) => {
    const CancellationReasons = Array.from({ length: 7 }, (_, index) => ({ Code: index === failedItem ? 'ConditionalCheckFailed' : 'None' }));
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons }));
    await expect(dynamoScoreStore.saveDay(correction())).rejects.toBeInstanceOf(DayVersionConflict);
  });

  it('refuses a write over DynamoDB’s 100 items before sending it', async () => {
    const write = {
      ...correction(),
      teamDeltas: Array.from({ length: 97 }, (_, index) => ({ teamId: `t${index}`, delta: correction().teamDeltas[0].delta })),
    };
    await expect(dynamoScoreStore.saveDay(write)).rejects.toThrow(RangeError);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
