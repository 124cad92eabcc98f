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

/**
 * Writes labelled items in one transaction. When a condition fails, throws TransactionRefused with the label of the
 * first item whose condition failed, so callers can say which rule refused the write.
 */
export async function transact<L extends string>(items: readonly { label: L; item: TransactItem }[]): Promise<void> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items.map(({ item }) => item) }));
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
    const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
    if (failed >= 0 && items[failed]) throw new TransactionRefused(items[failed].label);
    throw error;
  }
}
