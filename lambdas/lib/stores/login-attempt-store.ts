import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';

/** Failed sign-ins of one account since the count last started; forgotten after `expiresAt` (epoch seconds). */
export interface LoginAttempts {
  failures: number;
  expiresAt: number;
}

export interface LoginAttemptStore {
  /** The live count; null when there is none or it has expired (TTL deletion lags, so expiry is checked here). */
  get(userId: string, now: Date): Promise<LoginAttempts | null>;
  /** Counts one more failure and moves the expiry to `expiresAt`; an expired count starts again at 1. */
  addFailure(userId: string, now: Date, expiresAt: number): Promise<LoginAttempts>;
  clear(userId: string): Promise<void>;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export const dynamoLoginAttemptStore: LoginAttemptStore = {
  async get(userId, now) {
    const { Item } = await db().send(
      new GetCommand({ TableName: config.tableName, Key: keys.loginAttempts(userId), ConsistentRead: true }),
    );
    if (!Item || Item.expiresAt <= epochSeconds(now)) return null;
    return { failures: Item.failures, expiresAt: Item.expiresAt };
  },
  async addFailure(userId, now, expiresAt) {
    const key = keys.loginAttempts(userId);
    // Concurrent wrong passwords must each count: an atomic ADD on a live count, else a fresh count.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const { Attributes } = await db().send(
          new UpdateCommand({
            TableName: config.tableName,
            Key: key,
            UpdateExpression: 'SET expiresAt = :expiresAt, #type = :type ADD failures :one',
            ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':expiresAt': expiresAt, ':type': 'LoginAttempts', ':one': 1, ':now': epochSeconds(now) },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { failures: Attributes!.failures, expiresAt: Attributes!.expiresAt };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      try {
        await db().send(
          new PutCommand({
            TableName: config.tableName,
            Item: { ...key, type: 'LoginAttempts', failures: 1, expiresAt },
            ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
            ExpressionAttributeValues: { ':now': epochSeconds(now) },
          }),
        );
        return { failures: 1, expiresAt };
      } catch (error) {
        if (!isConditionFailure(error)) throw error; // another request started the count: add to it
      }
    }
    throw new Error('Could not record the failed sign-in');
  },
  async clear(userId) {
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: keys.loginAttempts(userId) }));
  },
};
