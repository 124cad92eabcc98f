import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem } from '../db/item';
import { isConditionFailure } from '../db/table';

/** Fixed-window counters: how often a subject (an e-mail, a caller address) did an action. */
export interface RateLimitStore {
  /**
   * Counts one use by `subject` in the current window of `windowSeconds`; false, with nothing counted,
   * when the window already holds `limit` uses.
   */
  take(subject: string, limit: number, windowSeconds: number, now: Date): Promise<boolean>;
}

/**
 * The subject of an action counted per e-mail address (`<action>#email#<SHA-256 of the address>`): the address is kept
 * only as a hash, and the count belongs to the address, so it outlives any account that had it.
 */
export const addressSubject = (action: string, email: string) =>
  `${action}#email#${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;

/** Uses of one rate-limited action by one subject in one fixed window (`hits`; expires with the window). */
const rateWindowItem = defineItem<{ subject: string; windowStart: number }>()({
  type: 'RateWindow',
  key: ({ subject, windowStart }: { subject: string; windowStart: number }) => ({ pk: `RATE#${subject}`, sk: `WINDOW#${windowStart}` }),
});

export const dynamoRateLimitStore: RateLimitStore = {
  async take(subject, limit, windowSeconds, now) {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % windowSeconds);
    try {
      // One item per window, so one conditional ADD both counts and enforces the limit.
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: rateWindowItem.key({ subject, windowStart }),
          UpdateExpression: 'SET #type = :type, expiresAt = :expiresAt ADD hits :one',
          ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':type': rateWindowItem.type, ':expiresAt': windowStart + windowSeconds, ':one': 1, ':limit': limit },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};
