import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { defineItem } from '../lib/db/item';
import { isConditionFailure } from '../lib/db/table';

/**
 * A coupon applied to an e-mail by someone who has not shown he reads it (docs/billing.md, "Who may redeem a coupon"):
 * it waits for the link mailed to that address. Kept by the SHA-256 of the mailed token, never the token itself.
 */
export interface CouponClaimRecord {
  tokenHash: string;
  userId: string;
  /** The account's (proven) address the link was mailed to: the claim credits the account only while it has it. */
  email: string;
  /** The code as applied (trimmed); checked again when the claim is confirmed. */
  couponId: string;
  /** Epoch seconds; also the item's TTL. */
  expiresAt: number;
  createdAt: string;
}

export interface CouponClaimStore {
  put(record: CouponClaimRecord): Promise<void>;
  /** Removes the live claim of this token and returns it (one conditional delete: a token is used once); null when none. */
  take(tokenHash: string, now: Date): Promise<CouponClaimRecord | null>;
}

/** A claim by the hash of its mailed token (expires). */
const couponClaimItem = defineItem<CouponClaimRecord>()({
  type: 'CouponClaim',
  key: ({ tokenHash }: { tokenHash: string }) => ({ pk: `COUPON_CLAIM#${tokenHash}`, sk: 'CLAIM' }),
});

export const dynamoCouponClaimStore: CouponClaimStore = {
  async put(record) {
    await db().send(new PutCommand(couponClaimItem.put(record).Put));
  },
  async take(tokenHash, now) {
    try {
      const { Attributes } = await db().send(
        new DeleteCommand({
          TableName: config.tableName,
          Key: couponClaimItem.key({ tokenHash }),
          ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
          ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const { userId, email, couponId, expiresAt, createdAt } = Attributes!;
      return { tokenHash, userId, email, couponId, expiresAt, createdAt };
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  },
};
