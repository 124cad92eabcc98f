import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem } from '../db/item';
import { searchIndexItems } from './user-admin-store';
import { userItem, type UserRecord } from './user-store';

/** Another account already holds this e-mail or Discord id. */
export class ClaimTakenError extends Error {
  constructor(readonly claim: 'email' | 'discord') {
    super(`The ${claim} is taken by another account`);
    this.name = 'ClaimTakenError';
  }
}

export interface AccountStore {
  /**
   * Writes a new account's profile together with its uniqueness claims (e-mail, and Discord id when set) and its
   * search words in one transaction: either all are written or none. Throws ClaimTakenError when a claim is held.
   */
  create(user: UserRecord): Promise<void>;
  /** The account a Discord id belongs to. */
  userIdByDiscordId(discordId: string): Promise<string | null>;
}

/** A claim holds the account it belongs to: its id and when it was made. */
const claimOf = (user: UserRecord) => ({ userId: user.id, createdAt: user.createdAt });

/** Uniqueness guards written with the profile in one transaction: one account per e-mail, and per Discord id. */
export const emailClaimItem = defineItem<UserRecord>()({
  type: 'EmailClaim',
  key: ({ email }: { email: string }) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'CLAIM' }),
  encode: claimOf,
});
export const discordClaimItem = defineItem<UserRecord & { discordId: string }>()({
  type: 'DiscordClaim',
  key: ({ discordId }: { discordId: string }) => ({ pk: `DISCORD#${discordId}`, sk: 'CLAIM' }),
  encode: claimOf,
});

const absent = { ConditionExpression: 'attribute_not_exists(pk)' };

export const dynamoAccountStore: AccountStore = {
  async create(user) {
    const items = [
      userItem.put(user, absent),
      emailClaimItem.put(user, absent),
      ...(user.discordId ? [discordClaimItem.put({ ...user, discordId: user.discordId }, absent)] : []),
      // The admin search's words, written with the profile (docs/data-model.md, "User search").
      ...searchIndexItems(user).map((Item) => ({ Put: { TableName: config.tableName, Item } })),
    ];
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const failed = ((error as TransactionCanceledException).CancellationReasons ?? []).map((reason) => reason.Code === 'ConditionalCheckFailed');
      if (failed[1]) throw new ClaimTakenError('email');
      if (failed[2]) throw new ClaimTakenError('discord');
      throw error;
    }
  },
  async userIdByDiscordId(discordId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: discordClaimItem.key({ discordId }), ConsistentRead: true }));
    return typeof Item?.userId === 'string' ? Item.userId : null;
  },
};
