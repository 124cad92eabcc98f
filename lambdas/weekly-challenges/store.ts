import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { byWeek } from '@core/weekly-challenges';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { type Item, partitionQuery, query, withoutKeys } from '../lib/db/table';
import { type AuditEntry, auditTransactItem } from '../lib/stores/audit-store';
import { transact } from '../lib/stores/transactions';

/** A weekly challenge (docs/recommendations-and-challenges.md, "Weekly challenges"): one per ISO year and week. */
export interface WeeklyChallengeRecord {
  id: string;
  year: number;
  week: number;
  description: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Weekly challenges and the guard that keeps one per week (docs/data-model.md). Every write carries the admin's audit
 * entry in its own transaction; a refused write raises TransactionRefused with the label `week` (the week is taken) or
 * `challenge` (the challenge is gone).
 */
export interface WeeklyChallengeStore {
  get(challengeId: string): Promise<WeeklyChallengeRecord | null>;
  /** Every challenge, by year then week. */
  all(): Promise<WeeklyChallengeRecord[]>;
  /** The challenge of one week, or null. */
  ofWeek(year: number, week: number): Promise<WeeklyChallengeRecord | null>;
  /** Claims the week and writes the challenge in one transaction. */
  create(challenge: WeeklyChallengeRecord, audit: AuditEntry): Promise<void>;
  /** Changes the description of a challenge that still exists; the challenge as changed. */
  updateDescription(challenge: WeeklyChallengeRecord, description: string, at: string, audit: AuditEntry): Promise<WeeklyChallengeRecord>;
  /** Deletes the challenge and frees its week. */
  delete(challenge: WeeklyChallengeRecord, audit: AuditEntry): Promise<void>;
}

const challengeItem = (challenge: WeeklyChallengeRecord): Item => ({
  ...keys.weeklyChallenge(challenge.id),
  ...keys.weeklyChallengeListing(challenge.year, challenge.week, challenge.id),
  type: 'WeeklyChallenge',
  ...challenge,
});

const getChallenge = async (challengeId: string) => {
  const { Item: item } = await db().send(
    new GetCommand({ TableName: config.tableName, Key: keys.weeklyChallenge(challengeId), ConsistentRead: true }),
  );
  return item ? withoutKeys<WeeklyChallengeRecord>(item) : null;
};

export const dynamoWeeklyChallengeStore: WeeklyChallengeStore = {
  get: getChallenge,
  async all() {
    const { items } = await query(partitionQuery('gsi2', keys.weeklyChallengeListing(0, 0, '').gsi2pk));
    return items.map((item) => withoutKeys<WeeklyChallengeRecord>(item)).sort(byWeek);
  },
  async ofWeek(year, week) {
    const { Item: claim } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.challengeWeek(year, week) }));
    return claim ? getChallenge(String(claim.challengeId)) : null;
  },
  async create(challenge, audit) {
    await transact([
      {
        label: 'week',
        item: {
          Put: {
            TableName: config.tableName,
            Item: { ...keys.challengeWeek(challenge.year, challenge.week), type: 'ChallengeWeek', challengeId: challenge.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
      {
        label: 'challenge',
        item: { Put: { TableName: config.tableName, Item: challengeItem(challenge), ConditionExpression: 'attribute_not_exists(pk)' } },
      },
      auditTransactItem(audit, challenge.createdAt),
    ]);
  },
  async updateDescription(challenge, description, at, audit) {
    await transact([
      {
        label: 'challenge',
        item: {
          Update: {
            TableName: config.tableName,
            Key: keys.weeklyChallenge(challenge.id),
            UpdateExpression: 'SET description = :description, updatedAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':description': description, ':at': at },
          },
        },
      },
      auditTransactItem(audit, at),
    ]);
    return { ...challenge, description, updatedAt: at };
  },
  async delete(challenge, audit) {
    await transact([
      {
        label: 'challenge',
        item: { Delete: { TableName: config.tableName, Key: keys.weeklyChallenge(challenge.id), ConditionExpression: 'attribute_exists(pk)' } },
      },
      {
        label: 'week',
        item: {
          Delete: {
            TableName: config.tableName,
            Key: keys.challengeWeek(challenge.year, challenge.week),
            ConditionExpression: 'challengeId = :id',
            ExpressionAttributeValues: { ':id': challenge.id },
          },
        },
      },
      auditTransactItem(audit),
    ]);
  },
};
