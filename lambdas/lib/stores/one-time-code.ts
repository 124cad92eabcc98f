import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { isConditionFailure, type Item, type Key } from '../db/table';

/** What every mailed one-time code keeps: only a salted hash, the guesses counted, its expiry (also the item's TTL). */
export interface OneTimeCodeFields {
  userId: string;
  codeHash: string;
  salt: string;
  attempts: number;
  /** Epoch seconds; also the item's TTL. */
  expiresAt: number;
  createdAt: string;
}

/** The kind of a one-time code item (declared with `defineItem`): one live code per account, under its partition. */
interface OneTimeCodeKind<R> {
  key: (fields: { userId: string }) => Key;
  encode: (record: R) => Item;
  decode: (item: Item) => R;
}

/**
 * The item operations of an account's one live code of a kind (a password reset, a mailbox proof): one item per
 * account at its kind's key, replaced by a new code, guessed against with a counter that parallel guesses cannot pass,
 * and spent once.
 */
export function oneTimeCodeItems<R extends OneTimeCodeFields>(kind: OneTimeCodeKind<R>) {
  const key = (userId: string) => kind.key({ userId });
  return {
    /** Stores a new code, replacing the account's earlier one. */
    async put(record: R): Promise<void> {
      await db().send(new PutCommand({ TableName: config.tableName, Item: kind.encode(record) }));
    },
    /**
     * Counts one guess against the live code before the guess is checked (one conditional ADD), so parallel guesses
     * cannot pass `maxGuesses`. The code as counted; 'attempts-used' when it already had `maxGuesses`; null when the
     * account has no live code.
     */
    async reserveGuess(userId: string, now: Date, maxGuesses: number): Promise<R | 'attempts-used' | null> {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      try {
        const { Attributes } = await db().send(
          new UpdateCommand({
            TableName: config.tableName,
            Key: key(userId),
            UpdateExpression: 'ADD attempts :one',
            ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now AND attempts < :max',
            ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':max': maxGuesses },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return kind.decode(Attributes!);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      // Refused: read only to tell a used-up code from a missing or expired one.
      const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: key(userId), ConsistentRead: true }));
      return Item && Item.expiresAt > nowSeconds && Item.attempts >= maxGuesses ? 'attempts-used' : null;
    },
    /** Deletes this code if it is still the live one; false when it was already spent or replaced. */
    async spend(userId: string, codeHash: string): Promise<boolean> {
      try {
        await db().send(
          new DeleteCommand({
            TableName: config.tableName,
            Key: key(userId),
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
}
