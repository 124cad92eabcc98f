import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_PUSH_DEVICES, type PushSubscriptionInput } from '@core/reminders';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem } from '../db/item';
import { userPartition } from '../db/keys';
import { partitionQuery, query } from '../db/table';
import { TransactionRefused, transact } from './transactions';

/**
 * A gamer's Web Push devices (docs/reminders.md; docs/data-model.md, "Reminders"): the reminders domain saves and
 * removes them, the mail queue's sender pushes to them and removes the ones the push service calls gone.
 */
/** One device's Web Push subscription, as the browser's PushSubscription gives it. */
export interface PushSubscriptionRecord extends PushSubscriptionInput {
  id: string;
  userId: string;
  createdAt: string;
  updatedAt: string;
}

/** A subscription's id: one per endpoint, so a device saving its subscription again replaces it. */
export const pushSubscriptionIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);

/** One device's Web Push subscription, by a hash of its endpoint; and how many a gamer has (capped). */
const pushSubscriptionItem = defineItem<PushSubscriptionRecord>()({
  type: 'PushSubscription',
  key: ({ userId, id }: { userId: string; id: string }) => ({ pk: userPartition(userId), sk: `PUSH#${id}` }),
});
const pushSubscriptionCountItem = defineItem<{ userId: string }>()({
  type: 'PushSubscriptionCount',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'PUSH_COUNT' }),
});

export interface PushDeviceStore {
  pushSubscriptions(userId: string): Promise<PushSubscriptionRecord[]>;
  /** Saves a device's subscription (its keys replaced when the endpoint is known); TransactionRefused 'count' past the cap. */
  savePushSubscription(userId: string, subscription: PushSubscriptionInput, at: string): Promise<PushSubscriptionRecord>;
  /** Removes a device's subscription; false when it was gone already. */
  removePushSubscription(userId: string, subscriptionId: string): Promise<boolean>;
}

export const dynamoPushDeviceStore: PushDeviceStore = {
  async pushSubscriptions(userId) {
    const { pk, sk } = pushSubscriptionItem.key({ userId, id: '' });
    const { items } = await query({ ...partitionQuery('table', pk, sk), ConsistentRead: true });
    return items.map(pushSubscriptionItem.decode);
  },

  async savePushSubscription(userId, { endpoint, p256dh, auth }, at) {
    const record: PushSubscriptionRecord = { id: pushSubscriptionIdOf(endpoint), userId, endpoint, p256dh, auth, createdAt: at, updatedAt: at };
    try {
      await transact([
        { label: 'subscription', item: pushSubscriptionItem.put(record, { ConditionExpression: 'attribute_not_exists(pk)' }) },
        {
          label: 'count',
          item: pushSubscriptionCountItem.update(
            { userId },
            {
              UpdateExpression: 'ADD devices :one SET #type = :type',
              ConditionExpression: 'attribute_not_exists(devices) OR devices < :max',
              ExpressionAttributeNames: { '#type': 'type' },
              ExpressionAttributeValues: { ':one': 1, ':max': MAX_PUSH_DEVICES, ':type': pushSubscriptionCountItem.type },
            },
          ),
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
        Key: pushSubscriptionItem.key(record),
        UpdateExpression: 'SET p256dh = :p256dh, auth = :auth, updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':p256dh': p256dh, ':auth': auth, ':at': at },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return pushSubscriptionItem.decode(Attributes!);
  },

  async removePushSubscription(userId, subscriptionId) {
    try {
      await transact([
        {
          label: 'subscription',
          item: pushSubscriptionItem.delete({ userId, id: subscriptionId }, { ConditionExpression: 'attribute_exists(pk)' }),
        },
        {
          label: 'count',
          item: pushSubscriptionCountItem.update(
            { userId },
            { UpdateExpression: 'ADD devices :minusOne', ExpressionAttributeValues: { ':minusOne': -1 } },
          ),
        },
      ]);
      return true;
    } catch (error) {
      if (error instanceof TransactionRefused) return false;
      throw error;
    }
  },
};
