import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { defineItem } from '../lib/db/item';
import { userPartition } from '../lib/db/keys';
import { isConditionFailure } from '../lib/db/table';
import { oneTimeCodeItems, type OneTimeCodeFields } from '../lib/stores/one-time-code';

/**
 * An account's live password-reset code. Only a salted hash of the code is kept; its `attempts` are the guesses counted
 * so far (a right guess made by forgotPasswordVerify is given back).
 */
export type ResetCodeRecord = OneTimeCodeFields;

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

/** The account's one live password-reset code (hash only; expires with the code). */
const resetCodeItem = defineItem<ResetCodeRecord>()({
  type: 'ResetCode',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'RESET_CODE' }),
  decode: toRecord,
});

const codeItems = oneTimeCodeItems(resetCodeItem);

export const dynamoResetCodeStore: ResetCodeStore = {
  put: codeItems.put,
  reserveGuess: codeItems.reserveGuess,
  spend: codeItems.spend,
  async refundGuess(userId, codeHash) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: resetCodeItem.key({ userId }),
          UpdateExpression: 'ADD attempts :minusOne',
          ConditionExpression: 'codeHash = :hash AND attempts > :zero',
          ExpressionAttributeValues: { ':minusOne': -1, ':hash': codeHash, ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // the code was replaced or spent meanwhile
    }
  },
  async restore(record) {
    try {
      await db().send(new PutCommand(resetCodeItem.put(record, { ConditionExpression: 'attribute_not_exists(pk)' }).Put));
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // a newer code was sent meanwhile
    }
  },
};
