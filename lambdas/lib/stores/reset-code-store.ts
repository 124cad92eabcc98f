import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';

/** An account's live password-reset code. Only a salted hash of the code is kept. */
export interface ResetCodeRecord {
  userId: string;
  codeHash: string;
  salt: string;
  /** Wrong guesses so far. */
  attempts: number;
  /** Epoch seconds; also the item's TTL. */
  expiresAt: number;
  createdAt: string;
}

export interface ResetCodeStore {
  /** Stores a new code, replacing the account's earlier one. */
  put(record: ResetCodeRecord): Promise<void>;
  get(userId: string): Promise<ResetCodeRecord | null>;
  /** Counts a wrong guess against this code (not against a newer one that replaced it). */
  addFailedAttempt(userId: string, codeHash: string): Promise<void>;
  /** Deletes this code if it is still the live one; false when it was already spent or replaced. */
  spend(userId: string, codeHash: string): Promise<boolean>;
}

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export const dynamoResetCodeStore: ResetCodeStore = {
  async put(record) {
    await db().send(
      new PutCommand({ TableName: config.tableName, Item: { ...keys.resetCode(record.userId), type: 'ResetCode', ...record } }),
    );
  },
  async get(userId) {
    const { Item } = await db().send(
      new GetCommand({ TableName: config.tableName, Key: keys.resetCode(userId), ConsistentRead: true }),
    );
    if (!Item) return null;
    const { userId: id, codeHash, salt, attempts, expiresAt, createdAt } = Item;
    return { userId: id, codeHash, salt, attempts, expiresAt, createdAt };
  },
  async addFailedAttempt(userId, codeHash) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.resetCode(userId),
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'codeHash = :hash',
          ExpressionAttributeValues: { ':one': 1, ':hash': codeHash },
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
};
