import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PillarSlug } from '@core/pillars';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { defineItem } from '../lib/db/item';
import { batchGet, partitionQuery, query } from '../lib/db/table';
import { type AuditEntry, auditTransactItem } from '../lib/stores/audit-store';
import { type TransactItem, transact } from '../lib/stores/transactions';
import { videoItem, type VideoRecord } from '../lib/stores/video-store';

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

/** A video recommendation; every one on one gsi2 partition, newest first when read backwards (the admin table). */
const recommendationItem = defineItem<RecommendationRecord>()({
  type: 'VideoRecommendation',
  key: ({ id }: { id: string }) => ({ pk: `RECOMMENDATION#${id}`, sk: 'RECOMMENDATION' }),
  indexes: {
    gsi2: ({ createdAt, id }: { createdAt: string; id: string }) => ({ gsi2pk: 'RECOMMENDATIONS', gsi2sk: `${createdAt}#${id}` }),
  },
});

/** How many recommendations there are (`count`), moved with `ADD` in each create and delete transaction (the table's count). */
const recommendationCountItem = defineItem<Record<string, never>>()({
  type: 'RecommendationCount',
  key: () => ({ pk: 'RECOMMENDATIONS', sk: 'COUNT' }),
});

/** Only a processed, enabled video may be recommended (docs/recommendations-and-challenges.md), checked in the write's own transaction. */
const offeredVideo = (videoId: string): { label: 'video'; item: TransactItem } => ({
  label: 'video',
  item: videoItem.check(
    { id: videoId },
    {
      ConditionExpression: 'workflowStatus = :complete AND enabled = :enabled',
      ExpressionAttributeValues: { ':complete': 'COMPLETE', ':enabled': true },
    },
  ),
});

const countChange = (by: 1 | -1): { label: 'count'; item: TransactItem } => ({
  label: 'count',
  item: recommendationCountItem.update(
    {},
    {
      UpdateExpression: 'ADD #count :by SET #type = :type',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
      ExpressionAttributeValues: { ':by': by, ':type': recommendationCountItem.type },
    },
  ),
});

export const dynamoRecommendationStore: RecommendationStore = {
  async get(recommendationId) {
    const { Item: item } = await db().send(
      new GetCommand({ TableName: TableName(), Key: recommendationItem.key({ id: recommendationId }), ConsistentRead: true }),
    );
    return item ? recommendationItem.decode(item) : null;
  },
  async page(take, skip) {
    const [{ Item: counter }, { items }] = await Promise.all([
      db().send(new GetCommand({ TableName: TableName(), Key: recommendationCountItem.key() })),
      query(
        { ...partitionQuery('gsi2', recommendationItem.indexes.gsi2({ createdAt: '', id: '' }).gsi2pk), ScanIndexForward: false },
        { limit: skip + take },
      ),
    ]);
    return { items: items.slice(skip).map(recommendationItem.decode), count: Number(counter?.count ?? 0) };
  },
  async create(recommendation, audit) {
    await transact([
      offeredVideo(recommendation.videoId),
      {
        label: 'recommendation',
        item: recommendationItem.put(recommendation, { ConditionExpression: 'attribute_not_exists(pk)' }),
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
        item: recommendationItem.put(after, { ConditionExpression: 'updatedAt = :read', ExpressionAttributeValues: { ':read': before.updatedAt } }),
      },
      auditTransactItem(audit, after.updatedAt),
    ]);
  },
  async delete(recommendation, audit) {
    await transact([
      {
        label: 'recommendation',
        item: recommendationItem.delete(recommendation, { ConditionExpression: 'attribute_exists(pk)' }),
      },
      countChange(-1),
      auditTransactItem(audit),
    ]);
  },
  async videos(videoIds) {
    const found = await batchGet([...new Set(videoIds)].map((id) => videoItem.key({ id })));
    return found.map(videoItem.decode);
  },
};
