import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { defineItem } from '../lib/db/item';
import { userPartition } from '../lib/db/keys';
import { isConditionFailure } from '../lib/db/table';

export interface LoginAttemptStore {
  /**
   * Reserves one password check before it is made: the live count goes up by one and its expiry moves to
   * `expiresAt`; an expired or missing count starts again at 1. Returns the count including this try, or
   * null (nothing written) when the live count already holds `limit` tries: the account is locked.
   */
  reserveTry(userId: string, now: Date, expiresAt: number, limit: number): Promise<number | null>;
  clear(userId: string): Promise<void>;
}

/** Failed sign-in count of an account (expires with the lock period). */
export const loginAttemptsItem = defineItem<{ userId: string; failures: number; expiresAt: number }>()({
  type: 'LoginAttempts',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'LOGIN_ATTEMPTS' }),
  encode: ({ failures, expiresAt }) => ({ failures, expiresAt }),
});

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const dynamoLoginAttemptStore: LoginAttemptStore = {
  async reserveTry(userId, now, expiresAt, limit) {
    const key = loginAttemptsItem.key({ userId });
    const addToLiveCount = async (): Promise<number | null> => {
      try {
        const { Attributes } = await db().send(
          new UpdateCommand({
            TableName: config.tableName,
            Key: key,
            UpdateExpression: 'SET expiresAt = :expiresAt ADD failures :one',
            ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now AND failures < :limit',
            ExpressionAttributeValues: { ':expiresAt': expiresAt, ':one': 1, ':now': epochSeconds(now), ':limit': limit },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes!.failures as number;
      } catch (error) {
        if (isConditionFailure(error)) return null;
        throw error;
      }
    };
    const startCount = async (): Promise<boolean> => {
      try {
        await db().send(
          new PutCommand(
            loginAttemptsItem.put(
              { userId, failures: 1, expiresAt },
              { ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now', ExpressionAttributeValues: { ':now': epochSeconds(now) } },
            ).Put,
          ),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    };
    // Each step is one conditional write, so parallel requests can never reserve more than `limit` tries.
    const added = await addToLiveCount();
    if (added !== null) return added;
    if (await startCount()) return 1;
    // A live count exists (another request may have just started it): it is at the limit unless this adds to it.
    return addToLiveCount();
  },
  async clear(userId) {
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: loginAttemptsItem.key({ userId }) }));
  },
};
