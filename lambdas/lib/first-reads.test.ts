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
  it("reads the caller's sign-out, the row's team and the caller's profile in one consistent BatchGetItem", async () => {
    const signOut = { pk: 'USER#u1', sk: 'SIGN_OUT', signedOutAt: 1_800_000_000 };
    const profile = { pk: 'USER#u1', sk: 'PROFILE', type: 'User', id: 'u1', timeZone: 'Europe/Berlin' };
    dynamo.on(BatchGetCommand).resolves({ Responses: { fitgauge: [profile, team, signOut] } });
    await expect(dynamoFirstReads({ signOutOf: 'u1', teamId: 't1', profileOf: 'u1' })).resolves.toEqual({
      signedOutAt: 1_800_000_000,
      team: expect.objectContaining({ id: 't1', name: 'Owls', ownerId: 'u1' }),
      profile: expect.objectContaining({ id: 'u1', timeZone: 'Europe/Berlin' }),
    });
    const calls = dynamo.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input.RequestItems).toEqual({
      fitgauge: {
        Keys: [
          { pk: 'USER#u1', sk: 'SIGN_OUT' },
          { pk: 'TEAM#t1', sk: 'TEAM' },
          { pk: 'USER#u1', sk: 'PROFILE' },
        ],
        ConsistentRead: true,
      },
    });
  });

  it('answers items that are not there with null, and sends nothing when there is nothing to read', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { fitgauge: [] } });
    const nothing = { signedOutAt: null, team: null, profile: null };
    await expect(dynamoFirstReads({ signOutOf: 'u1', teamId: 't1', profileOf: 'u1' })).resolves.toEqual(nothing);
    await expect(dynamoFirstReads({ signOutOf: null, teamId: null, profileOf: null })).resolves.toEqual(nothing);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1);
  });
});
