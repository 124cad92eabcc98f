import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PillarSlug } from '@core/pillars';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem, sortKeyPrefix } from '../db/item';
import { teamPartition, userPartition } from '../db/keys';
import { isConditionFailure, partitionQuery, query } from '../db/table';
import { type TransactItem, TransactionRefused, transact } from './transactions';

/** A comment on a gamer's answer (docs/journal.md, "Comments"); `userId` is the gamer, `authorId` who wrote it. */
export interface CommentRecord {
  id: string;
  teamId: string;
  userId: string;
  date: string;
  pillarSlug: PillarSlug;
  questionSlug: string;
  content: string;
  answerTo: string | null;
  authorId: string;
  createdAt: string;
  updatedAt: string;
}

/** A member's check-in gave a Not Ready game readiness: one per team, gamer and day. */
export interface ReadinessAlertRecord {
  teamId: string;
  userId: string;
  date: string;
  gameReadiness: number;
  pillarSlug: PillarSlug;
  createdAt: string;
}

export interface TeamUnread {
  teamId: string;
  unread: number;
}

/** Journal comments, the unread counts they raise, and readiness alerts (docs/data-model.md, docs/journal.md). */
export interface JournalStore {
  /** A comment by id (index gsi1). */
  get(commentId: string): Promise<CommentRecord | null>;
  /** A team day's comments (one gamer's when `userId` is given), oldest first. */
  ofDay(teamId: string, date: string, userId?: string | null): Promise<CommentRecord[]>;
  /** The replies to a comment, oldest first (index gsi2). */
  replies(answerTo: string): Promise<CommentRecord[]>;
  /** Writes the comment and adds 1 to the unread count of each of `notify` in its team, in one transaction. */
  create(comment: CommentRecord, notify: readonly string[]): Promise<void>;
  /** Changes the content while `authorId` wrote the comment; the comment as changed, or null when it is gone or not theirs. */
  updateContent(comment: CommentRecord, authorId: string, content: string, at: string): Promise<CommentRecord | null>;
  /** Deletes the comment while `authorId` wrote it; false when it is gone or not theirs. */
  delete(comment: CommentRecord, authorId: string): Promise<boolean>;
  /** The user's unread counts, per team with a count item. */
  unreadOf(userId: string): Promise<TeamUnread[]>;
  /** Sets the user's unread count in the team to 0 (writes nothing when the user never had one). */
  clearUnread(userId: string, teamId: string): Promise<void>;
  /**
   * Writes the alert and adds 1 to the unread count of each of `notify`, in one transaction, unless the team already
   * has this gamer's alert of that day: then nothing is written and the answer is false.
   */
  raiseAlert(alert: ReadinessAlertRecord, notify: readonly string[]): Promise<boolean>;
  alertsOf(teamId: string, date: string): Promise<ReadinessAlertRecord[]>;
  /** Claims the one alert e-mail a recipient gets about a gamer's day; false when it was already claimed. */
  claimAlertMail(recipientId: string, date: string, userId: string, expiresAt: number): Promise<boolean>;
}

/** A journal comment under its team, by day then the gamer whose answer it is on (a team day's journal is one Query). */
export const commentItem = defineItem<CommentRecord>()({
  type: 'Comment',
  key: ({ teamId, date, userId, createdAt, id }: Pick<CommentRecord, 'teamId' | 'date' | 'userId' | 'createdAt' | 'id'>) => ({
    pk: teamPartition(teamId),
    sk: `COMMENT#${date}#${userId}#${createdAt}#${id}`,
  }),
  indexes: {
    /** A comment by its id. */
    gsi1: ({ id }: { id: string }) => ({ gsi1pk: `COMMENT#${id}`, gsi1sk: 'COMMENT' }),
    /** The replies to a comment, oldest first. */
    gsi2: ({ answerTo, createdAt, id }: Pick<CommentRecord, 'answerTo' | 'createdAt' | 'id'>) =>
      answerTo ? { gsi2pk: `REPLIES#${answerTo}`, gsi2sk: `${createdAt}#${id}` } : undefined,
  },
});

/** A user's unread journal notifications in one team (a counter changed with ADD). */
const notificationsItem = defineItem<{ userId: string; teamId: string }>()({
  type: 'Notifications',
  key: ({ userId, teamId }: { userId: string; teamId: string }) => ({ pk: userPartition(userId), sk: `NOTIFICATIONS#${teamId}` }),
});

/** A readiness alert: one per team, gamer and score day (its conditional Put is the once-a-day guard). */
export const readinessAlertItem = defineItem<ReadinessAlertRecord>()({
  type: 'ReadinessAlert',
  key: ({ teamId, date, userId }: { teamId: string; date: string; userId: string }) => ({ pk: teamPartition(teamId), sk: `ALERT#${date}#${userId}` }),
});

/** Guard: one readiness-alert e-mail per recipient, gamer and score day (expires after a few days). */
const alertMailItem = defineItem<{ recipientId: string; date: string; userId: string; expiresAt: number }>()({
  type: 'AlertMail',
  key: ({ recipientId, date, userId }: { recipientId: string; date: string; userId: string }) => ({
    pk: userPartition(recipientId),
    sk: `ALERT_MAIL#${date}#${userId}`,
  }),
  encode: ({ expiresAt }) => ({ expiresAt }),
});
/** Comments oldest first (ties by id, as in their keys). */
const byCreation = (a: CommentRecord, b: CommentRecord) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** ADD 1 to a user's unread count in a team (the item is made on first use). */
function unreadIncrement(userId: string, teamId: string): TransactItem {
  return notificationsItem.update(
    { userId, teamId },
    {
      UpdateExpression: 'ADD unread :one SET #type = :type, teamId = :team, userId = :user',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': notificationsItem.type, ':team': teamId, ':user': userId },
    },
  );
}

const notifyItems = (teamId: string, notify: readonly string[]) =>
  [...new Set(notify)].map((userId) => ({ label: 'notify', item: unreadIncrement(userId, teamId) }));

export const dynamoJournalStore: JournalStore = {
  async get(commentId) {
    const { gsi1pk, gsi1sk } = commentItem.indexes.gsi1({ id: commentId });
    const { items } = await query({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':sk': gsi1sk },
    });
    return items[0] ? commentItem.decode(items[0]) : null;
  },
  async ofDay(teamId, date, userId) {
    // The day's comments, or one gamer's among them: the key with the parts after the day (or the gamer) left empty.
    const { pk, sk } = commentItem.key({ teamId, date, userId: userId ?? '', createdAt: '', id: '' });
    const { items } = await query({ ...partitionQuery('table', pk, sortKeyPrefix(sk)), ConsistentRead: true });
    return items.map(commentItem.decode).sort(byCreation);
  },
  async replies(answerTo) {
    const { gsi2pk } = commentItem.indexes.gsi2({ answerTo, createdAt: '', id: '' })!;
    return (await query(partitionQuery('gsi2', gsi2pk))).items.map(commentItem.decode).sort(byCreation);
  },
  async create(comment, notify) {
    await transact([
      {
        label: 'comment',
        item: commentItem.put(comment, { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
      ...notifyItems(comment.teamId, notify),
    ]);
  },
  async updateContent(comment, authorId, content, at) {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: commentItem.key(comment),
          UpdateExpression: 'SET content = :content, updatedAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND authorId = :author',
          ExpressionAttributeValues: { ':content': content, ':at': at, ':author': authorId },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? commentItem.decode(Attributes) : null;
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  },
  async delete(comment, authorId) {
    try {
      await db().send(
        new DeleteCommand({
          TableName: config.tableName,
          Key: commentItem.key(comment),
          ConditionExpression: 'attribute_exists(pk) AND authorId = :author',
          ExpressionAttributeValues: { ':author': authorId },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
  async unreadOf(userId) {
    const { pk, sk } = notificationsItem.key({ userId, teamId: '' });
    const { items } = await query({ ...partitionQuery('table', pk, sk), ConsistentRead: true });
    return items.map((item) => ({ teamId: String(item.teamId), unread: Number(item.unread ?? 0) }));
  },
  async clearUnread(userId, teamId) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: notificationsItem.key({ userId, teamId }),
          UpdateExpression: 'SET unread = :zero',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  },
  async raiseAlert(alert, notify) {
    try {
      await transact([
        {
          label: 'alert',
          item: readinessAlertItem.put(alert, { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
        ...notifyItems(alert.teamId, notify),
      ]);
      return true;
    } catch (error) {
      if (error instanceof TransactionRefused && error.label === 'alert') return false;
      throw error;
    }
  },
  async alertsOf(teamId, date) {
    const { pk, sk } = readinessAlertItem.key({ teamId, date, userId: '' });
    const { items } = await query({ ...partitionQuery('table', pk, sk), ConsistentRead: true });
    return items.map(readinessAlertItem.decode);
  },
  async claimAlertMail(recipientId, date, userId, expiresAt) {
    try {
      await db().send(
        new PutCommand(alertMailItem.put({ recipientId, date, userId, expiresAt }, { ConditionExpression: 'attribute_not_exists(pk)' }).Put),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};
