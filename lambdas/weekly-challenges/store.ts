import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { byWeek } from '@core/weekly-challenges';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { defineItem } from '../lib/db/item';
import { partitionQuery, query } from '../lib/db/table';
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

const twoDigits = (week: number) => String(week).padStart(2, '0');

/** A weekly challenge; every one on one gsi2 partition, by year then week (the admin list, oldest first). */
const challengeItem = defineItem<WeeklyChallengeRecord>()({
  type: 'WeeklyChallenge',
  key: ({ id }: { id: string }) => ({ pk: `CHALLENGE#${id}`, sk: 'CHALLENGE' }),
  indexes: {
    gsi2: ({ year, week, id }: { year: number; week: number; id: string }) => ({ gsi2pk: 'CHALLENGES', gsi2sk: `${year}#${twoDigits(week)}#${id}` }),
  },
});

/** Guard: one challenge per ISO week, holding that challenge's id (a gamer's current challenge is found through it). */
const challengeWeekItem = defineItem<WeeklyChallengeRecord>()({
  type: 'ChallengeWeek',
  key: ({ year, week }: { year: number; week: number }) => ({ pk: `CHALLENGE_WEEK#${year}#${twoDigits(week)}`, sk: 'CLAIM' }),
  encode: (challenge) => ({ challengeId: challenge.id }),
});

const getChallenge = async (challengeId: string) => {
  const { Item: item } = await db().send(
    new GetCommand({ TableName: config.tableName, Key: challengeItem.key({ id: challengeId }), ConsistentRead: true }),
  );
  return item ? challengeItem.decode(item) : null;
};

export const dynamoWeeklyChallengeStore: WeeklyChallengeStore = {
  get: getChallenge,
  async all() {
    const { items } = await query(partitionQuery('gsi2', challengeItem.indexes.gsi2({ year: 0, week: 0, id: '' }).gsi2pk));
    return items.map(challengeItem.decode).sort(byWeek);
  },
  async ofWeek(year, week) {
    const { Item: claim } = await db().send(new GetCommand({ TableName: config.tableName, Key: challengeWeekItem.key({ year, week }) }));
    return claim ? getChallenge(String(claim.challengeId)) : null;
  },
  async create(challenge, audit) {
    await transact([
      {
        label: 'week',
        item: challengeWeekItem.put(challenge, { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
      { label: 'challenge', item: challengeItem.put(challenge, { ConditionExpression: 'attribute_not_exists(pk)' }) },
      auditTransactItem(audit, challenge.createdAt),
    ]);
  },
  async updateDescription(challenge, description, at, audit) {
    await transact([
      {
        label: 'challenge',
        item: challengeItem.update(challenge, {
          UpdateExpression: 'SET description = :description, updatedAt = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':description': description, ':at': at },
        }),
      },
      auditTransactItem(audit, at),
    ]);
    return { ...challenge, description, updatedAt: at };
  },
  async delete(challenge, audit) {
    await transact([
      { label: 'challenge', item: challengeItem.delete(challenge, { ConditionExpression: 'attribute_exists(pk)' }) },
      {
        label: 'week',
        item: challengeWeekItem.delete(challenge, { ConditionExpression: 'challengeId = :id', ExpressionAttributeValues: { ':id': challenge.id } }),
      },
      auditTransactItem(audit),
    ]);
  },
};
