import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from '../db/client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/** A transaction refused because the condition of one of its items failed; `label` names that item. */
export class TransactionRefused<L extends string = string> extends Error {
  constructor(readonly label: L) {
    super(`Transaction refused: ${label}`);
    this.name = 'TransactionRefused';
  }
}

/** Tries of a transaction that collides with another one on the same items before giving up. */
const CONFLICT_TRIES = 6;

/**
 * Writes labelled items in one transaction. When a condition fails, throws TransactionRefused with the label of the
 * first item whose condition failed, so callers can say which rule refused the write. A transaction cancelled only
 * because a concurrent one held its items (TransactionConflict) wrote nothing and is sent again after a short pause,
 * so that under concurrency every caller gets the answer of the conditions, not a collision.
 */
export async function transact<L extends string>(items: readonly { label: L; item: TransactItem }[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items.map(({ item }) => item) }));
      return;
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
      const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      if (failed >= 0 && items[failed]) throw new TransactionRefused(items[failed].label);
      const collided = reasons.some((reason) => reason.Code === 'TransactionConflict');
      if (!collided || attempt >= CONFLICT_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}
