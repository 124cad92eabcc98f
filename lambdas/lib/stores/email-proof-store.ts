import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';
import { isConditionFailure } from '../db/table';

/** An account's live e-mail proof code (docs/accounts.md, "Proving your mailbox"). Only a salted hash is kept. */
export interface EmailProofRecord {
  userId: string;
  /** The address the code was mailed to: proving it proves this address only. */
  email: string;
  codeHash: string;
  salt: string;
  attempts: number;
  /** Epoch seconds; also the item's TTL. */
  expiresAt: number;
  createdAt: string;
}

export interface EmailProofStore {
  /** Stores a new code, replacing the account's earlier one. */
  put(record: EmailProofRecord): Promise<void>;
  /**
   * Counts one guess against the live code before it is checked (one conditional ADD), so parallel guesses cannot pass
   * `maxGuesses`. The code as counted; 'attempts-used' when it already had `maxGuesses`; null when there is no live code.
   */
  reserveGuess(userId: string, now: Date, maxGuesses: number): Promise<EmailProofRecord | 'attempts-used' | null>;
  /** Deletes this code if it is still the live one; false when it was already spent or replaced. */
  spend(userId: string, codeHash: string): Promise<boolean>;
}

function toRecord(item: Record<string, any>): EmailProofRecord {
  const { userId, email, codeHash, salt, attempts, expiresAt, createdAt } = item;
  return { userId, email, codeHash, salt, attempts, expiresAt, createdAt };
}

export const dynamoEmailProofStore: EmailProofStore = {
  async put(record) {
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...keys.emailProof(record.userId), type: 'EmailProof', ...record } }));
  },
  async reserveGuess(userId, now, maxGuesses) {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.emailProof(userId),
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
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.emailProof(userId), ConsistentRead: true }));
    return Item && Item.expiresAt > nowSeconds && Item.attempts >= maxGuesses ? 'attempts-used' : null;
  },
  async spend(userId, codeHash) {
    try {
      await db().send(
        new DeleteCommand({
          TableName: config.tableName,
          Key: keys.emailProof(userId),
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
