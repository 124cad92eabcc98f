import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  isDueStatus,
  MAX_SHARES_PER_GAMER,
  NEW_SHARES_PER_WINDOW,
  NEW_SHARES_WINDOW_DAYS,
  RECAP_DUE_SHARDS,
  type ReportFrequency,
  type ShareStatus,
} from '@core/report-sharing';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { defineItem } from '../lib/db/item';
import { userPartition } from '../lib/db/keys';
import { isConditionFailure, type Page, partitionQuery, query } from '../lib/db/table';
import { dueBy } from '../lib/due-shards';
import { TransactionRefused, transact } from '../lib/stores/transactions';

/** A gamer's score reports shared with an e-mail address (docs/recap.md, "Sharing"; docs/data-model.md). */
export interface ShareRecord {
  id: string;
  gamerId: string;
  email: string;
  status: ShareStatus;
  frequency: ReportFrequency;
  createdAt: string;
  updatedAt: string;
  /** The period of the next recap (an ISO instant); the share is due from then on. */
  nextReportAt: string;
  lastSentAt: string | null;
  /** The FG Score the last recap showed (the next one shows the change), null before the first. */
  lastScore: number | null;
  reportsSent: number;
}

/** A share as it starts: pending, due at once (the next run of the recap job sends its first recap). */
export const newShare = (fields: Pick<ShareRecord, 'id' | 'gamerId' | 'email' | 'frequency'>, at: string): ShareRecord => ({
  ...fields,
  status: 'PENDING',
  createdAt: at,
  updatedAt: at,
  nextReportAt: at,
  lastSentAt: null,
  lastScore: null,
  reportsSent: 0,
});

/** Recap guards outlive the longest period (a week) with room for late retries. */
const RECAP_GUARD_DAYS = 35;

/** An address as the sharing items keep it where it must outlive an account: a SHA-256 hash. */
const addressHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

const shardOf = (shareId: string) => createHash('sha256').update(shareId).digest().readUInt8(0) % RECAP_DUE_SHARDS;

export interface ShareStore {
  /** The gamer's share with this e-mail, or null. */
  get(gamerId: string, email: string): Promise<ShareRecord | null>;
  /** A share by id (gsi1), or null. */
  byId(shareId: string): Promise<ShareRecord | null>;
  /** The gamer's shares, by e-mail. */
  ofGamer(gamerId: string): Promise<ShareRecord[]>;
  /**
   * Creates the share of the gamer whose (proven) address is `sharerEmail`, counts it and takes one of his rolling
   * new-share slots; TransactionRefused 'share' when the e-mail is shared already, 'count' past the cap of live shares,
   * 'optOut' when the address unsubscribed from this sharer's reports, 'slot' when his slots of the last
   * NEW_SHARES_WINDOW_DAYS are all taken.
   */
  create(share: ShareRecord, sharerEmail: string, now: Date): Promise<void>;
  /** Records that the address unsubscribed from the sharer's reports (kept when he stops the share or deletes his account). */
  optOut(sharerEmail: string, email: string, at: string): Promise<void>;
  /** Lifts the opt-out: the recipient kept the reports after all. */
  optIn(sharerEmail: string, email: string): Promise<void>;
  /** Changes an existing share's frequency; null when there is none. */
  setFrequency(gamerId: string, email: string, frequency: ReportFrequency, at: string): Promise<ShareRecord | null>;
  /** Deletes the share and uncounts it; false when it is gone already. */
  remove(share: ShareRecord): Promise<boolean>;
  /** Sets the recipient's answer; null when the share already had that status (nothing written). */
  setStatus(share: ShareRecord, status: ShareStatus, at: string): Promise<ShareRecord | null>;
  /** The pending and active shares of one shard due at `now`, a page at a time. */
  due(shard: number, now: string, page: { limit: number; cursor?: string | null }): Promise<Page<ShareRecord>>;
  /** Claims the recap of a share's period: null when claimed now, else when the earlier claim (sent, or being sent) was made. */
  claimRecap(share: ShareRecord, period: string, now: Date): Promise<string | null>;
  /** Gives a claim back after the e-mail failed, so a later run sends it. */
  releaseRecap(share: ShareRecord, period: string): Promise<void>;
  /** Moves the share past `period`; false when another run moved it already (or it was stopped or rejected). */
  recordRecap(share: ShareRecord, period: string, next: { nextReportAt: string; lastScore: number | null; sentAt: string | null }): Promise<boolean>;
}

/** A pending or active share by the time its next recap is due, on one of the due shards (gsi2). */
const recapDue = (shard: number, nextReportAt: string, shareId: string) => ({ gsi2pk: `RECAP_DUE#${shard}`, gsi2sk: `${nextReportAt}#${shareId}` });

/** A gamer's share to one e-mail (one per gamer and address): by id (gsi1) and, while recaps go out, in the due index (gsi2). */
const shareItem = defineItem<ShareRecord>()({
  type: 'ReportShare',
  key: ({ gamerId, email }: { gamerId: string; email: string }) => ({ pk: userPartition(gamerId), sk: `SHARE#${email.toLowerCase()}` }),
  indexes: {
    /** The landing page's `shareId`. */
    gsi1: ({ id }: { id: string }) => ({ gsi1pk: `SHARE#${id}`, gsi1sk: 'SHARE' }),
    gsi2: (share) => (isDueStatus(share.status) ? recapDue(shardOf(share.id), share.nextReportAt, share.id) : undefined),
  },
});

/**
 * An address that unsubscribed from a sharer's reports: his shares with it are refused while it exists. Keyed by both
 * addresses (hashed), not by the sharer's account, so it outlives his account: made again with the same address, it
 * still cannot share with the recipient.
 */
const shareOptOutItem = defineItem<{ sharerEmail: string; email: string; at: string }>()({
  type: 'ShareOptOut',
  key: ({ sharerEmail, email }: { sharerEmail: string; email: string }) => ({
    pk: `SHARE_OPTOUT#${addressHash(email)}`,
    sk: `SHARER#${addressHash(sharerEmail)}`,
  }),
  encode: ({ at }) => ({ at }),
});

/**
 * One of a sharer's NEW_SHARES_PER_WINDOW rolling slots for new shares: taken by a new share (stopped or not) for
 * NEW_SHARES_WINDOW_DAYS, then free again (`expiresAt`, also the TTL). Under the sharer's address (hashed), so deleting
 * his account frees none.
 */
const shareSlotItem = defineItem<{ sharerEmail: string; slot: number; shareId: string; expiresAt: number }>()({
  type: 'ShareSlot',
  key: ({ sharerEmail, slot }: { sharerEmail: string; slot: number }) => ({ pk: `SHARE_SLOTS#${addressHash(sharerEmail)}`, sk: `SLOT#${slot}` }),
  encode: ({ shareId, expiresAt }) => ({ shareId, expiresAt }),
});

/** How many shares a gamer has (`shares`, capped in the share transaction). */
const shareCountItem = defineItem<{ gamerId: string }>()({
  type: 'ShareCount',
  key: ({ gamerId }: { gamerId: string }) => ({ pk: userPartition(gamerId), sk: 'SHARE_COUNT' }),
});

/** Guard: one recap per share and period (expires after a few weeks). */
const recapSentItem = defineItem<{ gamerId: string; shareId: string; period: string; claimedAt: string; expiresAt: number }>()({
  type: 'RecapSent',
  key: ({ gamerId, shareId, period }: { gamerId: string; shareId: string; period: string }) => ({
    pk: userPartition(gamerId),
    sk: `RECAP_SENT#${shareId}#${period}`,
  }),
  encode: ({ claimedAt, expiresAt }) => ({ claimedAt, expiresAt }),
});
const recapSentKey = (share: ShareRecord, period: string) => recapSentItem.key({ gamerId: share.gamerId, shareId: share.id, period });

export const dynamoShareStore: ShareStore = {
  async get(gamerId, email) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: shareItem.key({ gamerId, email }), ConsistentRead: true }));
    return Item ? shareItem.decode(Item) : null;
  },

  async byId(shareId) {
    const { gsi1pk, gsi1sk } = shareItem.indexes.gsi1({ id: shareId });
    const { items } = await query({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':sk': gsi1sk },
    });
    return items[0] ? shareItem.decode(items[0]) : null;
  },

  async ofGamer(gamerId) {
    const { pk, sk } = shareItem.key({ gamerId, email: '' });
    const { items } = await query({ ...partitionQuery('table', pk, sk), ConsistentRead: true });
    return items.map(shareItem.decode);
  },

  async create(share, sharerEmail, now) {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    // The slots free now (never taken, or taken more than the window ago); each is taken with a condition that it still
    // is, so parallel shares that saw the same free slot cannot both have it: the loser tries the next one.
    const { pk } = shareSlotItem.key({ sharerEmail, slot: 0 });
    const { items } = await query({ ...partitionQuery('table', pk), ConsistentRead: true });
    const taken = new Set(items.filter((item) => Number(item.expiresAt) > nowSeconds).map((item) => Number(String(item.sk).split('#')[1])));
    const free = Array.from({ length: NEW_SHARES_PER_WINDOW }, (_, slot) => slot).filter((slot) => !taken.has(slot));
    for (const slot of free) {
      try {
        await transact([
          { label: 'share', item: shareItem.put(share, { ConditionExpression: 'attribute_not_exists(pk)' }) },
          { label: 'optOut', item: shareOptOutItem.check({ sharerEmail, email: share.email }, { ConditionExpression: 'attribute_not_exists(pk)' }) },
          {
            label: 'count',
            item: shareCountItem.update(share, {
              UpdateExpression: 'ADD shares :one SET #type = :type',
              ConditionExpression: 'attribute_not_exists(shares) OR shares < :max',
              ExpressionAttributeNames: { '#type': 'type' },
              ExpressionAttributeValues: { ':one': 1, ':max': MAX_SHARES_PER_GAMER, ':type': shareCountItem.type },
            }),
          },
          {
            label: 'slot',
            item: shareSlotItem.put(
              { sharerEmail, slot, shareId: share.id, expiresAt: nowSeconds + NEW_SHARES_WINDOW_DAYS * 86_400 },
              { ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now', ExpressionAttributeValues: { ':now': nowSeconds } },
            ),
          },
        ]);
        return;
      } catch (error) {
        if (!(error instanceof TransactionRefused && error.label === 'slot')) throw error;
      }
    }
    throw new TransactionRefused('slot');
  },

  async optOut(sharerEmail, email, at) {
    await db().send(new PutCommand(shareOptOutItem.put({ sharerEmail, email, at }).Put));
  },

  async optIn(sharerEmail, email) {
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: shareOptOutItem.key({ sharerEmail, email }) }));
  },

  async setFrequency(gamerId, email, frequency, at) {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: shareItem.key({ gamerId, email }),
          UpdateExpression: 'SET frequency = :frequency, updatedAt = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':frequency': frequency, ':at': at },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return shareItem.decode(Attributes!);
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  },

  async remove(share) {
    try {
      await transact([
        {
          label: 'share',
          item: shareItem.delete(share, { ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': share.id } }),
        },
        {
          label: 'count',
          item: shareCountItem.update(share, { UpdateExpression: 'ADD shares :minusOne', ExpressionAttributeValues: { ':minusOne': -1 } }),
        },
      ]);
      return true;
    } catch (error) {
      if (error instanceof TransactionRefused) return false;
      throw error;
    }
  },

  async setStatus(share, status, at) {
    const due = shareItem.indexes.gsi2({ ...share, status });
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: shareItem.key(share),
          // Out of the due index when rejected, back in (due at its next period) when kept.
          UpdateExpression: due
            ? 'SET #status = :status, updatedAt = :at, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk'
            : 'SET #status = :status, updatedAt = :at REMOVE gsi2pk, gsi2sk',
          ConditionExpression: 'id = :id AND #status <> :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':id': share.id,
            ':status': status,
            ':at': at,
            ...(due ? { ':gsi2pk': due.gsi2pk, ':gsi2sk': due.gsi2sk } : {}),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return shareItem.decode(Attributes!);
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  },

  async due(shard, now, { limit, cursor }) {
    const { items, cursor: next } = await query(dueBy(recapDue(shard, '', '').gsi2pk, now), { limit, cursor });
    return { items: items.map(shareItem.decode), cursor: next };
  },

  async claimRecap(share, period, now) {
    try {
      await db().send(
        new PutCommand(
          recapSentItem.put(
            {
              gamerId: share.gamerId,
              shareId: share.id,
              period,
              claimedAt: now.toISOString(),
              expiresAt: Math.floor(now.getTime() / 1000) + RECAP_GUARD_DAYS * 86_400,
            },
            { ConditionExpression: 'attribute_not_exists(pk)' },
          ).Put,
        ),
      );
      return null;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: recapSentKey(share, period), ConsistentRead: true }));
      // Gone meanwhile (a failed send gave it back): as good as claimed now by someone else, try again next run.
      return (Item?.claimedAt as string | undefined) ?? now.toISOString();
    }
  },

  async releaseRecap(share, period) {
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: recapSentKey(share, period) }));
  },

  async recordRecap(share, period, { nextReportAt, lastScore, sentAt }) {
    const due = recapDue(shardOf(share.id), nextReportAt, share.id);
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: shareItem.key(share),
          UpdateExpression: `SET nextReportAt = :next, gsi2sk = :gsi2sk, lastScore = :score${sentAt ? ', lastSentAt = :sentAt ADD reportsSent :one' : ''}`,
          ConditionExpression: 'id = :id AND nextReportAt = :period AND #status IN (:pending, :active)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':next': nextReportAt,
            ':gsi2sk': due.gsi2sk,
            ':score': lastScore,
            ':id': share.id,
            ':period': period,
            ':pending': 'PENDING',
            ':active': 'ACTIVE',
            ...(sentAt ? { ':sentAt': sentAt, ':one': 1 } : {}),
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};
