/** The counting helpers of `npm run bench:budget` (bench/lib/aws-calls.ts): what its table's figures are made of. */
import { dynamoDbOperationOf, figuresOf, itemSize, sequentialDepth, transactionWriteUnits, unitsOf, type AwsCall } from '../../bench/lib/aws-calls';

const call = (start: number, end: number, extra: Partial<AwsCall> = {}): AwsCall => ({
  service: 'DynamoDB',
  command: 'GetItem',
  start,
  end,
  readUnits: 0,
  writeUnits: 0,
  transactionItems: 0,
  ...extra,
});

describe('sequentialDepth', () => {
  it('counts calls sent together once and calls after one another each', () => {
    // Two reads side by side, then a write after both, then another read: three round trips.
    expect(sequentialDepth([call(0, 10), call(1, 9), call(10, 20), call(25, 30)])).toBe(3);
  });

  it('follows the longest chain, not the number of calls', () => {
    expect(sequentialDepth([call(0, 100), call(0, 10), call(10, 20), call(20, 30)])).toBe(3);
    expect(sequentialDepth([])).toBe(0);
  });
});

describe('units', () => {
  it('adds the units of every table of an answer', () => {
    expect(unitsOf({ ConsumedCapacity: [{ CapacityUnits: 2 }, { CapacityUnits: 1.5 }] })).toBe(3.5);
    expect(unitsOf({ ConsumedCapacity: { CapacityUnits: 0.5 } })).toBe(0.5);
    expect(unitsOf({})).toBe(0);
  });

  it('sizes values by DynamoDB rules', () => {
    expect(itemSize('héllo')).toBe(6);
    expect(itemSize(12345)).toBe(4);
    expect(itemSize({ a: 'xy', b: [true, null] })).toBe(3 + (1 + 2 + 1) + (1 + (3 + 1 + 1 + 1 + 1) + 1));
  });

  it('prices a transaction at 2 units per KB of each item, at least one KB each', () => {
    const small = { Put: { Item: { pk: 'USER#1', sk: 'DAY#2026-12-02', value: 3 } } };
    const large = { Put: { Item: { pk: 'USER#1', blob: 'x'.repeat(1500) } } };
    const check = { ConditionCheck: { Key: { pk: 'USER#1', sk: 'PROFILE' } } };
    expect(transactionWriteUnits([small, large, check])).toBe(2 + 4 + 2);
  });
});

describe('figuresOf', () => {
  it('sums an action’s invocations and keeps the largest transaction and the longest chain', () => {
    const figures = figuresOf(
      [
        {
          lambda: 'scoring',
          done: true,
          cpuMs: 5,
          calls: [
            call(0, 5, { readUnits: 1 }),
            call(5, 9, { command: 'TransactWriteItems', writeUnits: 8, transactionItems: 4 }),
            call(9, 9, { service: 'SESv2', command: 'SendEmail' }),
            call(9, 10, { service: 'SQS', command: 'SendMessage' }),
          ],
        },
        { lambda: 'auth', done: true, cpuMs: 2, calls: [call(0, 1, { service: 'Cognito Identity Provider', command: 'AdminInitiateAuth' })] },
      ],
      2,
    );
    expect(figures).toEqual({
      appSyncRequests: 2,
      lambdaInvocations: 2,
      dynamoDbCalls: 2,
      dynamoDbSequential: 2,
      readUnits: 1,
      writeUnits: 8,
      transactionItems: 4,
      cognitoCalls: 1,
      sesCalls: 1,
      sqsCalls: 1,
      cpuMs: 7,
    });
  });

  it('names the document client’s commands by the DynamoDB operation they send', () => {
    expect(dynamoDbOperationOf('TransactWriteCommand')).toBe('TransactWriteItems');
    expect(dynamoDbOperationOf('QueryCommand')).toBe('Query');
    expect(dynamoDbOperationOf('GetItemCommand')).toBe('GetItem');
  });
});
