import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PillarSlug } from '@core/pillars';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem, sortKeyPrefix } from '../db/item';
import { teamPartition, userPartition } from '../db/keys';
import { assertQueryCursor, batchDelete, batchGet, isConditionFailure, type Page, type PageRequest, partitionQuery, query } from '../db/table';
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

/** A day of a team with comments or alerts a user has not read, and how many. */
export interface UnreadDay {
  date: string;
  unread: number;
}

/** The most unread days `unreadDays` lists: the journal opens on the newest, the others are a click away. */
const MAX_UNREAD_DAYS = 60;

/** Journal comments, the unread counts they raise, and readiness alerts (docs/data-model.md, docs/journal.md). */
export interface JournalStore {
  /** A comment by id (index gsi1). */
  get(commentId: string): Promise<CommentRecord | null>;
  /** A team day's comments (one gamer's when `userId` is given), oldest first. */
  ofDay(teamId: string, date: string, userId?: string | null): Promise<CommentRecord[]>;
  /** The replies to a comment, oldest first (index gsi2). */
  replies(answerTo: string): Promise<CommentRecord[]>;
  /**
   * The comments on the gamer's own days in these teams, newest first, a page at a time (the gamer's view; each
   * comment as it is now: one deleted since is left out).
   */
  onDaysOf(gamerId: string, teamIds: readonly string[], page: PageRequest): Promise<Page<CommentRecord>>;
  /**
   * Writes the comment, its entry in its gamer's list (`onDaysOf`), and adds 1 to the unread count of each of `notify`
   * in its team and on its day, in one transaction.
   */
  create(comment: CommentRecord, notify: readonly string[]): Promise<void>;
  /** Changes the content while `authorId` wrote the comment; the comment as changed, or null when it is gone or not theirs. */
  updateContent(comment: CommentRecord, authorId: string, content: string, at: string): Promise<CommentRecord | null>;
  /** Deletes the comment (and its gamer's list entry) while `authorId` wrote it; false when it is gone or not theirs. */
  delete(comment: CommentRecord, authorId: string): Promise<boolean>;
  /** The user's unread counts, per team with a count item. */
  unreadOf(userId: string): Promise<TeamUnread[]>;
  /** The user's days of the team with unread comments or alerts, newest first (at most MAX_UNREAD_DAYS). */
  unreadDays(userId: string, teamId: string): Promise<UnreadDay[]>;
  /**
   * Marks the user's unread comments and alerts of one team day read: the day's count goes and the team's count drops
   * by as much, in one transaction. Answers the team's count left.
   */
  readDay(userId: string, teamId: string, date: string): Promise<number>;
  /** Sets the user's unread count in the team to 0 and forgets its unread days (writes nothing when the user never had one). */
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

/**
 * A comment on one of a gamer's days, listed under the gamer, newest last in key order (his view of the journal reads
 * them newest first). It holds the comment's key, not its content: an edit changes only the comment.
 */
const commentOnDayItem = defineItem<Pick<CommentRecord, 'teamId' | 'date' | 'userId' | 'createdAt' | 'id'>>()({
  type: 'CommentOnDay',
  key: ({ userId, createdAt, id }: Pick<CommentRecord, 'userId' | 'createdAt' | 'id'>) => ({
    pk: userPartition(userId),
    sk: `COMMENT_ON_DAY#${createdAt}#${id}`,
  }),
  encode: ({ teamId, date, userId, createdAt, id }) => ({ teamId, date, userId, createdAt, id }),
});

/** Where a comment is listed under its gamer (deleted with the comment, also by an account deletion). */
export const commentOnDayKey = (comment: CommentRecord) => commentOnDayItem.key(comment);

/** A user's unread journal notifications in one team (a counter changed with ADD). */
const notificationsItem = defineItem<{ userId: string; teamId: string }>()({
  type: 'Notifications',
  key: ({ userId, teamId }: { userId: string; teamId: string }) => ({ pk: userPartition(userId), sk: `NOTIFICATIONS#${teamId}` }),
});

/** The part of a user's unread count in a team that one day's comments and alerts make (ADD beside the team's count). */
const unreadDayItem = defineItem<{ userId: string; teamId: string; date: string }>()({
  type: 'UnreadDay',
  key: ({ userId, teamId, date }: { userId: string; teamId: string; date: string }) => ({
    pk: userPartition(userId),
    sk: `UNREAD_DAY#${teamId}#${date}`,
  }),
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

/** ADD 1 to a user's unread count of one team day (the item is made on first use). */
function unreadDayIncrement(userId: string, teamId: string, date: string): TransactItem {
  return unreadDayItem.update(
    { userId, teamId, date },
    {
      UpdateExpression: 'ADD unread :one SET #type = :type, teamId = :team, userId = :user, #date = :date',
      ExpressionAttributeNames: { '#type': 'type', '#date': 'date' },
      ExpressionAttributeValues: { ':one': 1, ':type': unreadDayItem.type, ':team': teamId, ':user': userId, ':date': date },
    },
  );
}

/** The team's and the day's count of each person notified. */
const notifyItems = (teamId: string, date: string, notify: readonly string[]) =>
  [...new Set(notify)].flatMap((userId) => [
    { label: 'notify', item: unreadIncrement(userId, teamId) },
    { label: 'notify', item: unreadDayIncrement(userId, teamId, date) },
  ]);

/**
 * How a day's read count leaves the team's: subtracted (the team's count holds it), set to 0 (the team's count was
 * cleared since, so it holds less), or left alone (no team count at all).
 */
const TEAM_COUNT_ON_READ = {
  subtract: (count: number) => ({
    UpdateExpression: 'ADD unread :minus',
    ConditionExpression: 'unread >= :count',
    ExpressionAttributeValues: { ':minus': -count, ':count': count },
  }),
  zero: () => ({ UpdateExpression: 'SET unread = :zero', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':zero': 0 } }),
  none: () => null,
} as const;
type TeamCountOnRead = keyof typeof TEAM_COUNT_ON_READ;
const NEXT_TEAM_COUNT_ON_READ: Record<TeamCountOnRead, TeamCountOnRead> = { subtract: 'zero', zero: 'none', none: 'none' };
/** Tries of a day's read before giving up: new comments on that day in between make it read the count again. */
const READ_DAY_TRIES = 5;

async function consistentGet(key: { pk: string; sk: string }) {
  return (await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }))).Item;
}

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
  async onDaysOf(gamerId, teamIds, page) {
    // A forged cursor is refused even when there is nothing to list (the caller plays in no team).
    assertQueryCursor(page.cursor);
    if (teamIds.length === 0) return { items: [], cursor: null };
    const { pk, sk } = commentOnDayItem.key({ userId: gamerId, createdAt: '', id: '' });
    const listing = partitionQuery('table', pk, sortKeyPrefix(sk));
    const teams = Object.fromEntries(teamIds.map((teamId, index) => [`:team${index}`, teamId]));
    const { items, cursor } = await query(
      {
        ...listing,
        // Only the teams he plays in now: a team he left keeps its comments, but not for him.
        FilterExpression: `teamId IN (${Object.keys(teams).join(', ')})`,
        ExpressionAttributeValues: { ...listing.ExpressionAttributeValues, ...teams },
        ScanIndexForward: false,
        ConsistentRead: true,
      },
      page,
    );
    const entries = items.map(commentOnDayItem.decode);
    const found = new Map(
      (
        await batchGet(
          entries.map((entry) => commentItem.key(entry)),
          { consistent: true },
        )
      ).map((item) => {
        const comment = commentItem.decode(item);
        return [comment.id, comment];
      }),
    );
    return { items: entries.flatMap((entry) => found.get(entry.id) ?? []), cursor };
  },
  async create(comment, notify) {
    await transact([
      {
        label: 'comment',
        item: commentItem.put(comment, { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
      { label: 'comment', item: commentOnDayItem.put(comment) },
      ...notifyItems(comment.teamId, comment.date, notify),
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
      await transact([
        {
          label: 'comment',
          item: commentItem.delete(comment, {
            ConditionExpression: 'attribute_exists(pk) AND authorId = :author',
            ExpressionAttributeValues: { ':author': authorId },
          }),
        },
        { label: 'comment', item: commentOnDayItem.delete(comment) },
      ]);
      return true;
    } catch (error) {
      if (error instanceof TransactionRefused) return false;
      throw error;
    }
  },
  async unreadOf(userId) {
    const { pk, sk } = notificationsItem.key({ userId, teamId: '' });
    const { items } = await query({ ...partitionQuery('table', pk, sk), ConsistentRead: true });
    return items.map((item) => ({ teamId: String(item.teamId), unread: Number(item.unread ?? 0) }));
  },
  async unreadDays(userId, teamId) {
    const { pk, sk } = unreadDayItem.key({ userId, teamId, date: '' });
    const { items } = await query({ ...partitionQuery('table', pk, sk), ScanIndexForward: false, ConsistentRead: true }, { limit: MAX_UNREAD_DAYS });
    return items.map((item) => ({ date: String(item.date), unread: Number(item.unread ?? 0) }));
  },
  async readDay(userId, teamId, date) {
    let teamCount: TeamCountOnRead = 'subtract';
    for (let attempt = 1; attempt <= READ_DAY_TRIES; attempt += 1) {
      const count = Number((await consistentGet(unreadDayItem.key({ userId, teamId, date })))?.unread ?? 0);
      if (count === 0) break;
      const teamUpdate = TEAM_COUNT_ON_READ[teamCount](count);
      try {
        await transact([
          {
            label: 'day',
            item: unreadDayItem.delete(
              { userId, teamId, date },
              { ConditionExpression: 'unread = :count', ExpressionAttributeValues: { ':count': count } },
            ),
          },
          ...(teamUpdate ? [{ label: 'team', item: notificationsItem.update({ userId, teamId }, teamUpdate) }] : []),
        ]);
        break;
      } catch (error) {
        if (!(error instanceof TransactionRefused) || attempt === READ_DAY_TRIES) throw error;
        // 'day': a new comment on that day came in between, read its count again.
        if (error.label === 'team') teamCount = NEXT_TEAM_COUNT_ON_READ[teamCount];
      }
    }
    return Number((await consistentGet(notificationsItem.key({ userId, teamId })))?.unread ?? 0);
  },
  async clearUnread(userId, teamId) {
    const { pk, sk } = unreadDayItem.key({ userId, teamId, date: '' });
    const { items } = await query({ ...partitionQuery('table', pk, sk), ConsistentRead: true });
    await batchDelete(items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
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
        ...notifyItems(alert.teamId, alert.date, notify),
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
