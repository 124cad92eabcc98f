import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_PUSH_DEVICES, REMINDER_DUE_SHARDS, type PushSubscriptionInput, type ReminderChannel } from '@core/reminders';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { batchGet, isConditionFailure, type Item, type Page, partitionQuery, query, withoutKeys } from '../lib/db/table';
import { TransactionRefused, transact } from '../lib/stores/transactions';

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

/** One device's Web Push subscription, as the browser's PushSubscription gives it. */
export interface PushSubscriptionRecord extends PushSubscriptionInput {
  id: string;
  userId: string;
  createdAt: string;
  updatedAt: string;
}

/** Claims outlive the score day they guard by a couple of days (a late retry still finds them). */
const CLAIM_DAYS = 3;

const reminderShardOf = (userId: string) => createHash('sha256').update(userId).digest().readUInt8(0) % REMINDER_DUE_SHARDS;
/** A subscription's id: one per endpoint, so a device saving its subscription again replaces it. */
export const pushSubscriptionIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);

export type ReminderClaim = 'claimed' | 'taken' | 'off';

export interface ReminderStore {
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
  pushSubscriptions(userId: string): Promise<PushSubscriptionRecord[]>;
  /** Saves a device's subscription (its keys replaced when the endpoint is known); TransactionRefused 'count' past the cap. */
  savePushSubscription(userId: string, subscription: PushSubscriptionInput, at: string): Promise<PushSubscriptionRecord>;
  /** Removes a device's subscription; false when it was gone already. */
  removePushSubscription(userId: string, subscriptionId: string): Promise<boolean>;
}

const settingsItem = (settings: ReminderSettingsRecord): Item => ({
  ...keys.reminderSettings(settings.userId),
  // A sparse index: only settings that are on carry the gsi2 keys, so the job never reads the others.
  ...(settings.enabled && settings.nextReminderAt
    ? keys.reminderDue(reminderShardOf(settings.userId), settings.nextReminderAt, settings.userId)
    : {}),
  type: 'ReminderSettings',
  ...settings,
});

const claimKeys = { reminder: keys.reminderSent, nudge: keys.nudged };

async function claim(
  kind: 'reminder' | 'nudge',
  userId: string,
  day: string,
  now: Date,
  guard: { Key: Item; ConditionExpression: string; values: Item },
): Promise<ReminderClaim> {
  try {
    await transact([
      {
        label: 'claim',
        item: {
          Put: {
            TableName: config.tableName,
            Item: {
              ...claimKeys[kind](userId, day),
              type: kind === 'reminder' ? 'ReminderSent' : 'Nudged',
              claimedAt: now.toISOString(),
              expiresAt: Math.floor(now.getTime() / 1000) + CLAIM_DAYS * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
      {
        label: 'guard',
        item: {
          ConditionCheck: {
            TableName: config.tableName,
            Key: guard.Key,
            ConditionExpression: guard.ConditionExpression,
            ExpressionAttributeValues: guard.values,
          },
        },
      },
    ]);
    return 'claimed';
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    return error.label === 'claim' ? 'taken' : 'off';
  }
}

export const dynamoReminderStore: ReminderStore = {
  async settings(userId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.reminderSettings(userId), ConsistentRead: true }));
    return Item ? withoutKeys<ReminderSettingsRecord>(Item) : null;
  },

  async settingsOf(userIds) {
    return (await batchGet(userIds.map((userId) => keys.reminderSettings(userId)))).map((item) => withoutKeys<ReminderSettingsRecord>(item));
  },

  async saveSettings(settings) {
    await db().send(new PutCommand({ TableName: config.tableName, Item: settingsItem(settings) }));
  },

  async due(shard, now, { limit, cursor }) {
    const { items, cursor: next } = await query(
      {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :until',
        ExpressionAttributeValues: { ':pk': `REMINDER_DUE#${shard}`, ':until': `${now}#~` },
      },
      { limit, cursor },
    );
    return { items: items.map((item) => withoutKeys<ReminderSettingsRecord>(item)), cursor: next };
  },

  async reschedule(settings, nextReminderAt) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.reminderSettings(settings.userId),
          UpdateExpression: 'SET nextReminderAt = :next, gsi2sk = :gsi2sk',
          ConditionExpression: 'enabled = :on AND nextReminderAt = :read',
          ExpressionAttributeValues: {
            ':next': nextReminderAt,
            ':gsi2sk': keys.reminderDue(reminderShardOf(settings.userId), nextReminderAt, settings.userId).gsi2sk,
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
    claim('reminder', userId, day, now, { Key: keys.reminderSettings(userId), ConditionExpression: 'enabled = :on', values: { ':on': true } }),

  claimNudge: (userId, day, now) =>
    claim('nudge', userId, day, now, {
      Key: keys.user(userId),
      ConditionExpression: 'attribute_exists(pk) AND enabled = :on',
      values: { ':on': true },
    }),

  async release({ userId, day, kind }) {
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: claimKeys[kind](userId, day) }));
  },

  async pushSubscriptions(userId) {
    const { items } = await query({ ...partitionQuery('table', keys.user(userId).pk, keys.pushSubscriptionPrefix), ConsistentRead: true });
    return items.map((item) => withoutKeys<PushSubscriptionRecord>(item));
  },

  async savePushSubscription(userId, { endpoint, p256dh, auth }, at) {
    const record: PushSubscriptionRecord = { id: pushSubscriptionIdOf(endpoint), userId, endpoint, p256dh, auth, createdAt: at, updatedAt: at };
    const key = keys.pushSubscription(userId, record.id);
    try {
      await transact([
        {
          label: 'subscription',
          item: {
            Put: {
              TableName: config.tableName,
              Item: { ...key, type: 'PushSubscription', ...record },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        },
        {
          label: 'count',
          item: {
            Update: {
              TableName: config.tableName,
              Key: keys.pushSubscriptionCount(userId),
              UpdateExpression: 'ADD devices :one SET #type = :type',
              ConditionExpression: 'attribute_not_exists(devices) OR devices < :max',
              ExpressionAttributeNames: { '#type': 'type' },
              ExpressionAttributeValues: { ':one': 1, ':max': MAX_PUSH_DEVICES, ':type': 'PushSubscriptionCount' },
            },
          },
        },
      ]);
      return record;
    } catch (error) {
      if (!(error instanceof TransactionRefused) || error.label !== 'subscription') throw error;
    }
    // A device known already (it subscribed again, with new keys): the same item, counted once.
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'SET p256dh = :p256dh, auth = :auth, updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':p256dh': p256dh, ':auth': auth, ':at': at },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<PushSubscriptionRecord>(Attributes!);
  },

  async removePushSubscription(userId, subscriptionId) {
    try {
      await transact([
        {
          label: 'subscription',
          item: {
            Delete: { TableName: config.tableName, Key: keys.pushSubscription(userId, subscriptionId), ConditionExpression: 'attribute_exists(pk)' },
          },
        },
        {
          label: 'count',
          item: {
            Update: {
              TableName: config.tableName,
              Key: keys.pushSubscriptionCount(userId),
              UpdateExpression: 'ADD devices :minusOne',
              ExpressionAttributeValues: { ':minusOne': -1 },
            },
          },
        },
      ]);
      return true;
    } catch (error) {
      if (error instanceof TransactionRefused) return false;
      throw error;
    }
  },
};
