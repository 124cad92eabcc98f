import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoFirstReads } from './first-reads';

// Adapter test: the one request a call's first reads make (DynamoDB itself: ./signed-out.dynamodb.test.ts).
const dynamo = mockClient(DynamoDBDocumentClient);
const team = { pk: 'TEAM#t1', sk: 'TEAM', type: 'Team', id: 't1', name: 'Owls', ownerId: 'u1' };

beforeAll(() => {
  process.env.TABLE_NAME = 'fitgauge';
});
beforeEach(() => dynamo.reset());

describe('dynamoFirstReads', () => {
  it("reads the caller's sign-out and the row's team in one consistent BatchGetItem", async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { fitgauge: [team, { pk: 'USER#u1', sk: 'SIGN_OUT', signedOutAt: 1_800_000_000 }] } });
    await expect(dynamoFirstReads({ signOutOf: 'u1', teamId: 't1' })).resolves.toEqual({
      signedOutAt: 1_800_000_000,
      team: expect.objectContaining({ id: 't1', name: 'Owls', ownerId: 'u1' }),
    });
    const calls = dynamo.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input.RequestItems).toEqual({
      fitgauge: {
        Keys: [
          { pk: 'USER#u1', sk: 'SIGN_OUT' },
          { pk: 'TEAM#t1', sk: 'TEAM' },
        ],
        ConsistentRead: true,
      },
    });
  });

  it('answers items that are not there with null, and sends nothing when there is nothing to read', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { fitgauge: [] } });
    await expect(dynamoFirstReads({ signOutOf: 'u1', teamId: 't1' })).resolves.toEqual({ signedOutAt: null, team: null });
    await expect(dynamoFirstReads({ signOutOf: null, teamId: null })).resolves.toEqual({ signedOutAt: null, team: null });
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1);
  });
});
