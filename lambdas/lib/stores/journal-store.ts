import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PillarSlug } from '@core/pillars';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';
import { isConditionFailure, type Item, partitionQuery, query, withoutKeys } from '../db/table';
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

const commentKey = (comment: CommentRecord) => keys.comment(comment.teamId, comment.date, comment.userId, comment.createdAt, comment.id);

const commentItem = (comment: CommentRecord): Item => ({
  ...commentKey(comment),
  ...keys.commentById(comment.id),
  ...(comment.answerTo ? keys.replyTo(comment.answerTo, comment.createdAt, comment.id) : {}),
  type: 'Comment',
  ...comment,
});

const commentOf = (item: Item) => withoutKeys<CommentRecord>(item);
/** Comments oldest first (ties by id, as in their keys). */
export const byCreation = (a: CommentRecord, b: CommentRecord) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** ADD 1 to a user's unread count in a team (the item is made on first use). */
function unreadIncrement(userId: string, teamId: string): TransactItem {
  return {
    Update: {
      TableName: config.tableName,
      Key: keys.notifications(userId, teamId),
      UpdateExpression: 'ADD unread :one SET #type = :type, teamId = :team, userId = :user',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'Notifications', ':team': teamId, ':user': userId },
    },
  };
}

const notifyItems = (teamId: string, notify: readonly string[]) =>
  [...new Set(notify)].map((userId) => ({ label: 'notify', item: unreadIncrement(userId, teamId) }));

export const dynamoJournalStore: JournalStore = {
  async get(commentId) {
    const { gsi1pk, gsi1sk } = keys.commentById(commentId);
    const { items } = await query({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':sk': gsi1sk },
    });
    return items[0] ? commentOf(items[0]) : null;
  },
  async ofDay(teamId, date, userId) {
    const { items } = await query({
      ...partitionQuery('table', keys.team(teamId).pk, keys.commentsOfDay(date, userId ?? undefined)),
      ConsistentRead: true,
    });
    return items.map(commentOf).sort(byCreation);
  },
  async replies(answerTo) {
    return (await query(partitionQuery('gsi2', keys.replyTo(answerTo, '', '').gsi2pk))).items.map(commentOf).sort(byCreation);
  },
  async create(comment, notify) {
    await transact([
      {
        label: 'comment',
        item: { Put: { TableName: config.tableName, Item: commentItem(comment), ConditionExpression: 'attribute_not_exists(pk)' } },
      },
      ...notifyItems(comment.teamId, notify),
    ]);
  },
  async updateContent(comment, authorId, content, at) {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: commentKey(comment),
          UpdateExpression: 'SET content = :content, updatedAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND authorId = :author',
          ExpressionAttributeValues: { ':content': content, ':at': at, ':author': authorId },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? commentOf(Attributes) : null;
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
          Key: commentKey(comment),
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
    const { pk, sk } = keys.notifications(userId, '');
    const { items } = await query({ ...partitionQuery('table', pk, sk), ConsistentRead: true });
    return items.map((item) => ({ teamId: String(item.teamId), unread: Number(item.unread ?? 0) }));
  },
  async clearUnread(userId, teamId) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.notifications(userId, teamId),
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
          item: {
            Put: {
              TableName: config.tableName,
              Item: { ...keys.readinessAlert(alert.teamId, alert.date, alert.userId), type: 'ReadinessAlert', ...alert },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
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
    const { pk, sk } = keys.readinessAlert(teamId, date, '');
    const { items } = await query({ ...partitionQuery('table', pk, sk), ConsistentRead: true });
    return items.map((item) => withoutKeys<ReadinessAlertRecord>(item));
  },
  async claimAlertMail(recipientId, date, userId, expiresAt) {
    try {
      await db().send(
        new PutCommand({
          TableName: config.tableName,
          Item: { ...keys.alertMail(recipientId, date, userId), type: 'AlertMail', expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};
