import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';
import { isConditionFailure } from '../db/table';

/** An account's live password-reset code. Only a salted hash of the code is kept. */
export interface ResetCodeRecord {
  userId: string;
  codeHash: string;
  salt: string;
  /** Guesses counted so far (a right guess made by forgotPasswordVerify is given back). */
  attempts: number;
  /** Epoch seconds; also the item's TTL. */
  expiresAt: number;
  createdAt: string;
}

export interface ResetCodeStore {
  /** Stores a new code, replacing the account's earlier one. */
  put(record: ResetCodeRecord): Promise<void>;
  /**
   * Counts one guess against the live code before the guess is checked, so parallel guesses cannot pass
   * `maxGuesses`. Returns the code as counted; 'attempts-used' when it already had `maxGuesses`; null when
   * the account has no live code.
   */
  reserveGuess(userId: string, now: Date, maxGuesses: number): Promise<ResetCodeRecord | 'attempts-used' | null>;
  /** Gives a reserved guess back to this code (not to a newer one that replaced it). */
  refundGuess(userId: string, codeHash: string): Promise<void>;
  /** Deletes this code if it is still the live one; false when it was already spent or replaced. */
  spend(userId: string, codeHash: string): Promise<boolean>;
  /** Puts a spent code back, unless the account has a newer one meanwhile (which is kept). */
  restore(record: ResetCodeRecord): Promise<void>;
}

function toRecord(item: Record<string, any>): ResetCodeRecord {
  const { userId, codeHash, salt, attempts, expiresAt, createdAt } = item;
  return { userId, codeHash, salt, attempts, expiresAt, createdAt };
}

export const dynamoResetCodeStore: ResetCodeStore = {
  async put(record) {
    await db().send(
      new PutCommand({ TableName: config.tableName, Item: { ...keys.resetCode(record.userId), type: 'ResetCode', ...record } }),
    );
  },
  async reserveGuess(userId, now, maxGuesses) {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.resetCode(userId),
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now AND attempts < :max',
          ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':max': maxGuesses },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toRecord(Attributes!);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    // Refused: read only to tell a used-up code from a missing or expired one.
    const { Item } = await db().send(
      new GetCommand({ TableName: config.tableName, Key: keys.resetCode(userId), ConsistentRead: true }),
    );
    return Item && Item.expiresAt > nowSeconds && Item.attempts >= maxGuesses ? 'attempts-used' : null;
  },
  async refundGuess(userId, codeHash) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.resetCode(userId),
          UpdateExpression: 'ADD attempts :minusOne',
          ConditionExpression: 'codeHash = :hash AND attempts > :zero',
          ExpressionAttributeValues: { ':minusOne': -1, ':hash': codeHash, ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // the code was replaced or spent meanwhile
    }
  },
  async spend(userId, codeHash) {
    try {
      await db().send(
        new DeleteCommand({
          TableName: config.tableName,
          Key: keys.resetCode(userId),
          ConditionExpression: 'codeHash = :hash',
          ExpressionAttributeValues: { ':hash': codeHash },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
  async restore(record) {
    try {
      await db().send(
        new PutCommand({
          TableName: config.tableName,
          Item: { ...keys.resetCode(record.userId), type: 'ResetCode', ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // a newer code was sent meanwhile
    }
  },
};
