import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { defineItem } from '../lib/db/item';
import { isConditionFailure } from '../lib/db/table';

/** Why an address is suppressed: SES reported a permanent bounce, or the recipient marked a mail as spam. */
export type SuppressionReason = 'BOUNCE' | 'COMPLAINT';

/** An address as the suppression list keys it: a SHA-256 hash of its lower-case form (docs/data-model.md, "Mail"). */
const suppressionAddressHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/**
 * An address no mail goes to (docs/data-model.md, "Mail"): written by the bounce handler from SES's bounce and
 * complaint events, read by the mail sender before every send, which counts the sends it refused on it. Keyed by the
 * address, not by an account, so it outlives accounts; an operator lifts it by deleting the item (docs/operations.md).
 */
const suppressionItem = defineItem<{ email: string; reason: SuppressionReason; at: string }>()({
  type: 'MailSuppression',
  key: ({ email }: { email: string }) => ({ pk: `MAIL_SUPPRESSED#${suppressionAddressHash(email)}`, sk: 'MAIL_SUPPRESSED' }),
  encode: ({ reason, at }) => ({ reason, at }),
});

/** How long a message's delivery record is kept: longer than the queue keeps a message (4 days) and its dead letters. */
const DELIVERY_RECORD_DAYS = 15;

/**
 * One queued message's delivery (`id` of lambdas/lib/mail.ts's QueuedMail): SENDING while a sender holds it (until
 * `leaseUntil`), SENT once SES took it. Its conditional writes make a redelivered message a no-op.
 */
const deliveryItem = defineItem<{ id: string; state: 'SENDING' | 'SENT'; leaseUntil: number; expiresAt: number }>()({
  type: 'MailDelivery',
  key: ({ id }: { id: string }) => ({ pk: `MAIL_DELIVERY#${id}`, sk: 'MAIL_DELIVERY' }),
});

/** What a claim on a message's delivery found: it is this sender's to send, already sent, or another sender's now. */
export type DeliveryClaim = 'claimed' | 'sent' | 'held';

/** A suppressed address's record: why and since when, and how many sends it has refused since. */
export interface Suppression {
  reason: SuppressionReason;
  at: string;
  suppressedSends: number;
}

export interface MailStore {
  /** The address's suppression, or null when mail may go to it. */
  suppressionOf(email: string): Promise<Suppression | null>;
  /** Counts one send refused because the address is suppressed (`suppressedSends`, `lastSuppressedAt`). */
  countSuppressedSend(email: string, at: string): Promise<void>;
  /** Suppresses the address; a later event keeps the first reason and time. */
  suppress(email: string, reason: SuppressionReason, at: string): Promise<void>;
  /** Takes the message for `leaseMs`, unless it was sent or another sender holds it. */
  claim(id: string, now: number, leaseMs: number): Promise<DeliveryClaim>;
  markSent(id: string): Promise<void>;
  /** Gives the message back after a failed send: the next delivery of it may claim it at once. */
  release(id: string): Promise<void>;
}

export const dynamoMailStore: MailStore = {
  async suppressionOf(email) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: suppressionItem.key({ email }) }));
    return Item ? { reason: Item.reason as SuppressionReason, at: String(Item.at), suppressedSends: Number(Item.suppressedSends ?? 0) } : null;
  },

  async countSuppressedSend(email, at) {
    await db()
      .send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: suppressionItem.key({ email }),
          UpdateExpression: 'ADD suppressedSends :one SET lastSuppressedAt = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1, ':at': at },
        }),
      )
      .catch((error: unknown) => {
        // Lifted in between: nothing to count.
        if (!isConditionFailure(error)) throw error;
      });
  },

  async suppress(email, reason, at) {
    try {
      await db().send(new PutCommand(suppressionItem.put({ email, reason, at }, { ConditionExpression: 'attribute_not_exists(pk)' }).Put));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  },

  async claim(id, now, leaseMs) {
    const expiresAt = Math.floor(now / 1000) + DELIVERY_RECORD_DAYS * 86_400;
    try {
      await db().send(
        new PutCommand(
          deliveryItem.put(
            { id, state: 'SENDING', leaseUntil: now + leaseMs, expiresAt },
            {
              // A holder that died mid-send gives the message up when its lease ends.
              ConditionExpression: 'attribute_not_exists(pk) OR (#state = :sending AND leaseUntil <= :now)',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: { ':sending': 'SENDING', ':now': now },
            },
          ).Put,
        ),
      );
      return 'claimed';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: deliveryItem.key({ id }), ConsistentRead: true }));
    return Item?.state === 'SENT' ? 'sent' : 'held';
  },

  async markSent(id) {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: deliveryItem.key({ id }),
        UpdateExpression: 'SET #state = :sent REMOVE leaseUntil',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sent': 'SENT' },
      }),
    );
  },

  async release(id) {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: deliveryItem.key({ id }),
        UpdateExpression: 'SET leaseUntil = :zero',
        ConditionExpression: '#state = :sending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':zero': 0, ':sending': 'SENDING' },
      }),
    );
  },
};
