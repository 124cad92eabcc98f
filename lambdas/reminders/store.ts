import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REMINDER_DUE_SHARDS, type ReminderChannel } from '@core/reminders';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { defineItem } from '../lib/db/item';
import { userPartition } from '../lib/db/keys';
import { batchGet, isConditionFailure, type Page, query } from '../lib/db/table';
import { dueBy } from '../lib/due-shards';
import { dynamoPushDeviceStore, type PushDeviceStore } from '../lib/stores/push-device-store';
import { userItem } from '../lib/stores/user-store';
import { type TransactItem, TransactionRefused, transact } from '../lib/stores/transactions';

/** A gamer's reminder settings (docs/reminders.md; docs/data-model.md, "Reminders"). */
export interface ReminderSettingsRecord {
  userId: string;
  enabled: boolean;
  /** The hour of the gamer's clock (0-23) the reminder goes out at. */
  hour: number;
  channels: ReminderChannel[];
  /** When the next reminder is due (the hour in the gamer's zone); null while reminders are off. */
  nextReminderAt: string | null;
  updatedAt: string;
}

/** Claims outlive the score day they guard by a couple of days (a late retry still finds them). */
const CLAIM_DAYS = 3;

const reminderShardOf = (userId: string) => createHash('sha256').update(userId).digest().readUInt8(0) % REMINDER_DUE_SHARDS;

export { pushSubscriptionIdOf } from '../lib/stores/push-device-store';

export type ReminderClaim = 'claimed' | 'taken' | 'off';

/** The settings, the day claims and (lambdas/lib/stores/push-device-store.ts) the devices. */
export interface ReminderStore extends PushDeviceStore {
  settings(userId: string): Promise<ReminderSettingsRecord | null>;
  /** Settings by user (BatchGetItem); gamers without settings are left out. */
  settingsOf(userIds: readonly string[]): Promise<ReminderSettingsRecord[]>;
  /** Replaces the settings: in the due index while on, out of it when off. */
  saveSettings(settings: ReminderSettingsRecord): Promise<void>;
  /** The settings of one shard due at `now`, a page at a time. */
  due(shard: number, now: string, page: { limit: number; cursor?: string | null }): Promise<Page<ReminderSettingsRecord>>;
  /** Moves due settings to their next reminder; false when they changed meanwhile (saved again, or turned off). */
  reschedule(settings: ReminderSettingsRecord, nextReminderAt: string): Promise<boolean>;
  /** Claims the gamer's reminder of a score day, only while his reminders are on. */
  claimReminder(userId: string, day: string, now: Date): Promise<ReminderClaim>;
  /** Claims the gamer's nudge of a score day, only while his account exists and is enabled. */
  claimNudge(userId: string, day: string, now: Date): Promise<ReminderClaim>;
  /** Gives a claim back when nothing could be sent, so a later run or nudge tries again. */
  release(claim: { userId: string; day: string; kind: 'reminder' | 'nudge' }): Promise<void>;
}

/** Settings that are on, by the instant the next reminder is due, on one of the due shards (gsi2). */
const reminderDue = (shard: number, nextReminderAt: string, userId: string) => ({
  gsi2pk: `REMINDER_DUE#${shard}`,
  gsi2sk: `${nextReminderAt}#${userId}`,
});

/** A gamer's reminder settings (docs/reminders.md). */
const settingsItem = defineItem<ReminderSettingsRecord>()({
  type: 'ReminderSettings',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'REMINDER' }),
  indexes: {
    // A sparse index: only settings that are on carry the gsi2 keys, so the job never reads the others.
    gsi2: (settings) =>
      settings.enabled && settings.nextReminderAt
        ? reminderDue(reminderShardOf(settings.userId), settings.nextReminderAt, settings.userId)
        : undefined,
  },
});

/** Guards: one reminder per gamer and score day; and one Nudge per gamer and score day, whoever sends it (TTL). */
type DayClaim = { userId: string; day: string; claimedAt: string; expiresAt: number };
const dayClaimItem = (type: string, prefix: string) =>
  defineItem<DayClaim>()({
    type,
    key: ({ userId, day }: { userId: string; day: string }) => ({ pk: userPartition(userId), sk: `${prefix}#${day}` }),
    encode: ({ claimedAt, expiresAt }) => ({ claimedAt, expiresAt }),
  });
const claimItems = { reminder: dayClaimItem('ReminderSent', 'REMINDER_SENT'), nudge: dayClaimItem('Nudged', 'NUDGED') };

async function claim(kind: 'reminder' | 'nudge', userId: string, day: string, now: Date, guard: TransactItem): Promise<ReminderClaim> {
  const dayClaim = { userId, day, claimedAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + CLAIM_DAYS * 86_400 };
  try {
    await transact([
      { label: 'claim', item: claimItems[kind].put(dayClaim, { ConditionExpression: 'attribute_not_exists(pk)' }) },
      { label: 'guard', item: guard },
    ]);
    return 'claimed';
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    return error.label === 'claim' ? 'taken' : 'off';
  }
}

export const dynamoReminderStore: ReminderStore = {
  ...dynamoPushDeviceStore,
  async settings(userId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: settingsItem.key({ userId }), ConsistentRead: true }));
    return Item ? settingsItem.decode(Item) : null;
  },

  async settingsOf(userIds) {
    return (await batchGet(userIds.map((userId) => settingsItem.key({ userId })))).map(settingsItem.decode);
  },

  async saveSettings(settings) {
    await db().send(new PutCommand(settingsItem.put(settings).Put));
  },

  async due(shard, now, { limit, cursor }) {
    const { items, cursor: next } = await query(dueBy(reminderDue(shard, '', '').gsi2pk, now), { limit, cursor });
    return { items: items.map(settingsItem.decode), cursor: next };
  },

  async reschedule(settings, nextReminderAt) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: settingsItem.key(settings),
          UpdateExpression: 'SET nextReminderAt = :next, gsi2sk = :gsi2sk',
          ConditionExpression: 'enabled = :on AND nextReminderAt = :read',
          ExpressionAttributeValues: {
            ':next': nextReminderAt,
            ':gsi2sk': reminderDue(reminderShardOf(settings.userId), nextReminderAt, settings.userId).gsi2sk,
            ':on': true,
            ':read': settings.nextReminderAt,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },

  claimReminder: (userId, day, now) =>
    claim(
      'reminder',
      userId,
      day,
      now,
      settingsItem.check({ userId }, { ConditionExpression: 'enabled = :on', ExpressionAttributeValues: { ':on': true } }),
    ),

  claimNudge: (userId, day, now) =>
    claim(
      'nudge',
      userId,
      day,
      now,
      userItem.check({ id: userId }, { ConditionExpression: 'attribute_exists(pk) AND enabled = :on', ExpressionAttributeValues: { ':on': true } }),
    ),

  async release({ userId, day, kind }) {
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: claimItems[kind].key({ userId, day }) }));
  },
};
