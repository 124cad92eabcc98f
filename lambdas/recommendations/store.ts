import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PillarSlug } from '@core/pillars';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { batchGet, type Item, partitionQuery, query, withoutKeys } from '../lib/db/table';
import { type AuditEntry, auditTransactItem } from '../lib/stores/audit-store';
import { type TransactItem, transact } from '../lib/stores/transactions';
import type { VideoRecord } from '../lib/stores/video-store';

/** A video recommendation (docs/recommendations-and-challenges.md, "Recommendations"): an answer to a check-in question, linked to a video. */
export interface RecommendationRecord {
  id: string;
  title: string;
  description: string | null;
  pillarSlug: PillarSlug;
  questionSlug: string;
  answer: string;
  videoId: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Recommendations and their count (docs/data-model.md, patterns R1-R3). Every write carries the admin's audit entry
 * in its own transaction; a refused write raises TransactionRefused labelled `video` (the video is not COMPLETE and
 * enabled, or gone) or `recommendation` (the recommendation is gone or changed meanwhile).
 */
export interface RecommendationStore {
  get(recommendationId: string): Promise<RecommendationRecord | null>;
  /** A page, newest first, and how many there are in all. */
  page(take: number, skip: number): Promise<{ items: RecommendationRecord[]; count: number }>;
  create(recommendation: RecommendationRecord, audit: AuditEntry): Promise<void>;
  /** Writes `after` while the stored one is still `before` (its updatedAt), checking a newly linked video. */
  update(before: RecommendationRecord, after: RecommendationRecord, audit: AuditEntry): Promise<void>;
  delete(recommendation: RecommendationRecord, audit: AuditEntry): Promise<void>;
  /** The linked videos that still exist (BatchGetItem). */
  videos(videoIds: readonly string[]): Promise<VideoRecord[]>;
}

const TableName = () => config.tableName;

const recommendationItem = (recommendation: RecommendationRecord): Item => ({
  ...keys.recommendation(recommendation.id),
  ...keys.recommendationListing(recommendation.createdAt, recommendation.id),
  type: 'VideoRecommendation',
  ...recommendation,
});

/** Only a processed, enabled video may be recommended (docs/recommendations-and-challenges.md), checked in the write's own transaction. */
const offeredVideo = (videoId: string): { label: 'video'; item: TransactItem } => ({
  label: 'video',
  item: {
    ConditionCheck: {
      TableName: TableName(),
      Key: keys.video(videoId),
      ConditionExpression: 'workflowStatus = :complete AND enabled = :enabled',
      ExpressionAttributeValues: { ':complete': 'COMPLETE', ':enabled': true },
    },
  },
});

const countChange = (by: 1 | -1): { label: 'count'; item: TransactItem } => ({
  label: 'count',
  item: {
    Update: {
      TableName: TableName(),
      Key: keys.recommendationCount,
      UpdateExpression: 'ADD #count :by SET #type = :type',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
      ExpressionAttributeValues: { ':by': by, ':type': 'RecommendationCount' },
    },
  },
});

export const dynamoRecommendationStore: RecommendationStore = {
  async get(recommendationId) {
    const { Item: item } = await db().send(
      new GetCommand({ TableName: TableName(), Key: keys.recommendation(recommendationId), ConsistentRead: true }),
    );
    return item ? withoutKeys<RecommendationRecord>(item) : null;
  },
  async page(take, skip) {
    const [{ Item: counter }, { items }] = await Promise.all([
      db().send(new GetCommand({ TableName: TableName(), Key: keys.recommendationCount })),
      query({ ...partitionQuery('gsi2', keys.recommendationListing('', '').gsi2pk), ScanIndexForward: false }, { limit: skip + take }),
    ]);
    return { items: items.slice(skip).map((item) => withoutKeys<RecommendationRecord>(item)), count: Number(counter?.count ?? 0) };
  },
  async create(recommendation, audit) {
    await transact([
      offeredVideo(recommendation.videoId),
      {
        label: 'recommendation',
        item: { Put: { TableName: TableName(), Item: recommendationItem(recommendation), ConditionExpression: 'attribute_not_exists(pk)' } },
      },
      countChange(1),
      auditTransactItem(audit, recommendation.createdAt),
    ]);
  },
  async update(before, after, audit) {
    await transact([
      ...(after.videoId === before.videoId ? [] : [offeredVideo(after.videoId)]),
      {
        label: 'recommendation',
        item: {
          Put: {
            TableName: TableName(),
            Item: recommendationItem(after),
            ConditionExpression: 'updatedAt = :read',
            ExpressionAttributeValues: { ':read': before.updatedAt },
          },
        },
      },
      auditTransactItem(audit, after.updatedAt),
    ]);
  },
  async delete(recommendation, audit) {
    await transact([
      {
        label: 'recommendation',
        item: { Delete: { TableName: TableName(), Key: keys.recommendation(recommendation.id), ConditionExpression: 'attribute_exists(pk)' } },
      },
      countChange(-1),
      auditTransactItem(audit),
    ]);
  },
  async videos(videoIds) {
    const found = await batchGet([...new Set(videoIds)].map((videoId) => keys.video(videoId)));
    return found.map((item) => withoutKeys<VideoRecord>(item));
  },
};
