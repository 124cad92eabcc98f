import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DayWindow, ScoreDay } from '@core/dates';
import type { PillarSlug } from '@core/pillars';
import type { UserZone } from '@core/user-zone';
import type { AnswerInput } from '@core/check-in';
import { questionBySlug } from '@core/questionnaire';
import {
  answerScore,
  emptyTeamDayAggregate,
  type MemberDay,
  type MemberGameScores,
  memberDayDelta,
  TEAM_METRICS,
  type TeamDayAggregate,
  type TeamDayDelta,
  type TeamMetric,
} from '@core/scoring';
import { logger } from '../observability';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem } from '../db/item';
import { teamPartition, userPartition } from '../db/keys';
import { batchGet, batchPut, query } from '../db/table';
import { membershipItem } from './team-store';
import { userItem, type UserRecord } from './user-store';

/** One answer of a gamer for one score day (docs/data-model.md, "Items and keys"). */
export interface StoredAnswer {
  id: string;
  userId: string;
  date: ScoreDay;
  questionSlug: string;
  /** Null for the two game questions. */
  pillarSlug: PillarSlug | null;
  value: string;
  /** 0..100; null for the unscored `gaming-today` flag. */
  score: number | null;
  answeredAt: string;
}

/** A gamer's scores of one score day as stored, with what guards its updates. */
export interface StoredMemberDay extends MemberDay {
  /** Starts at 1; every write of the day increments it and is conditional on the version it read. */
  version: number;
  /** The zone the day was answered in and the instant it closes (corrections are refused from then on). */
  timeZone: string;
  closesAt: string;
  /** The gamer's "watched videos" flag for the day (also in `fg`, which is null before the first check-in). */
  watchedVideos: boolean;
  updatedAt: string;
  /**
   * The day's answers by question slug, copied from the answer items so that a team day's journal reads one item per
   * member (docs/journal.md); only what cannot be derived, to keep the day within one 4 KB read unit. Absent on days
   * stored before the journal.
   */
  answers?: Record<string, DayAnswer>;
  /**
   * The keys (`checkInId`) of the last check-ins that wrote the day, at most KEPT_CHECK_IN_IDS: one sent again finds
   * its key here and writes nothing (docs/scoring.md, "Sending a check-in again"). Absent when no check-in sent a key.
   */
  checkInIds?: string[];
}

/** Check-in keys a member day keeps: a queue sends its check-ins in order, so a key is repeated soon or never. */
export const KEPT_CHECK_IN_IDS = 10;

/** An answer as the member day keeps it: its pillar and score follow from the question and the value. */
export type DayAnswer = Pick<StoredAnswer, 'value' | 'answeredAt'>;

/** The answer record of a value given to a question on a day. */
export function storedAnswer(userId: string, date: ScoreDay, { questionSlug, value }: AnswerInput, answeredAt: string): StoredAnswer {
  return {
    id: `${userId}#${date}#${questionSlug}`,
    userId,
    date,
    questionSlug,
    pillarSlug: questionBySlug(questionSlug)?.pillar ?? null,
    value,
    score: answerScore(questionSlug, value),
    answeredAt,
  };
}

/** The day's answers as answer records (none for a day stored before the journal). */
export function answersOfDay(day: StoredMemberDay): StoredAnswer[] {
  return Object.entries(day.answers ?? {}).map(([questionSlug, { value, answeredAt }]) =>
    storedAnswer(day.userId, day.date, { questionSlug, value }, answeredAt),
  );
}

/** Everything one check-in writes; `saveDay` writes it in one transaction. */
export interface DayWrite {
  day: StoredMemberDay;
  /** The version the new day was computed from; null when the day did not exist. */
  expectedVersion: number | null;
  /** The day's full answer set after the check-in. */
  answers: StoredAnswer[];
  /** Questions answered before but not any more: their answers are deleted. */
  removedQuestionSlugs: string[];
  /**
   * The change of the member's day to the day aggregate of each team it counts in (one the day is new to gets all of it).
   * `joinedAt`: the gamer's membership as read; the write is refused (DayVersionConflict) when it ended or was
   * replaced meanwhile, so a leave between the read and the write cannot count the day in a team the gamer left.
   */
  teamDeltas: { teamId: string; delta: TeamDayDelta; joinedAt?: string }[];
  /**
   * The user's zone fields the day was computed from (the write fails with DayVersionConflict when they changed
   * meanwhile) and, when the check-in changes them, their new values.
   */
  userZone: { read: Required<UserZone>; next: Required<UserZone> | null };
}

/** A gamer's profile, his today and his latest stored day up to it. */
export interface GamerWithLatestDay {
  user: UserRecord;
  today: ScoreDay;
  latest: StoredMemberDay | null;
}

/** A precomputed history (seeding, backfills): written in batches, not transactionally. */
export interface ScoreHistory {
  answers: StoredAnswer[];
  days: StoredMemberDay[];
  /** `updatedAt`: the last check-in that changed the aggregate, as a check-in's own update would stamp it. */
  teamDays: { teamId: string; aggregate: TeamDayAggregate; updatedAt: string }[];
}

/** The day or the user's zone changed since they were read (another check-in of the same gamer won the race). */
export class DayVersionConflict extends Error {
  constructor() {
    super('The score day or the time zone changed while the day was being updated.');
    this.name = 'DayVersionConflict';
  }
}

export interface ScoreStore {
  /** The gamer's stored days, newest first, at most `limit`; only days up to `through` when given. */
  latestDays(userId: string, limit: number, through?: ScoreDay): Promise<StoredMemberDay[]>;
  /**
   * The gamers' profiles (of those that have one, in the order given), each with his latest stored day up to his own
   * today (`todayOf` his profile; null when he has none): one consistent BatchGetItem of both items of every gamer,
   * and a Query each only for the gamers whose latest-day copy cannot answer.
   */
  profilesWithLatestDays(userIds: readonly string[], todayOf: (user: UserRecord) => ScoreDay): Promise<GamerWithLatestDay[]>;
  /** The gamer's stored days in a window, oldest first. */
  memberDays(userId: string, window: DayWindow): Promise<StoredMemberDay[]>;
  /** The gamer's answers in a window, by day then question slug. */
  answers(userId: string, window: DayWindow): Promise<StoredAnswer[]>;
  answer(userId: string, date: ScoreDay, questionSlug: string): Promise<StoredAnswer | null>;
  /**
   * A team's day aggregates in a window, oldest first: one item per day with data. With `totalsOnly`, each day has the
   * totals of just those metrics and no member's game scores: a read of a few attributes of each item.
   */
  teamDays(teamId: string, window: DayWindow, totalsOnly?: readonly TeamMetric[]): Promise<TeamDayAggregate[]>;
  /** Writes a check-in atomically; throws DayVersionConflict when the day changed since it was read. */
  saveDay(write: DayWrite): Promise<void>;
  importHistory(history: ScoreHistory): Promise<void>;
}

/** DynamoDB's limit of items in one TransactWriteItems. */
const MAX_TRANSACTION_ITEMS = 100;

// Team day aggregates keep every total as two top-level numbers and every member as one map attribute, so a
// check-in changes them with atomic ADD/SET/REMOVE and never needs to read the aggregate first.
const sumAttribute = (metric: string) => `sum_${metric}`;
const countAttribute = (metric: string) => `count_${metric}`;
const MEMBER_PREFIX = 'member_';
const memberAttribute = (userId: string) => `${MEMBER_PREFIX}${userId}`;

function teamDayOf(item: Record<string, unknown>): TeamDayAggregate {
  const aggregate = emptyTeamDayAggregate(item.date as ScoreDay);
  for (const metric of TEAM_METRICS) {
    aggregate.totals[metric] = {
      sum: Number(item[sumAttribute(metric)] ?? 0),
      count: Number(item[countAttribute(metric)] ?? 0),
    };
  }
  for (const [name, value] of Object.entries(item)) {
    if (name.startsWith(MEMBER_PREFIX)) aggregate.members[name.slice(MEMBER_PREFIX.length)] = value as MemberGameScores;
  }
  return aggregate;
}

type TeamDayRecord = ScoreHistory['teamDays'][number];

/**
 * A team's day aggregate: top-level sums and counts and one map per member who checked in, so that a check-in changes
 * it with ADD / SET / REMOVE without reading it (docs/data-model.md, "Score items").
 */
const teamDayItem = defineItem<TeamDayRecord>()({
  type: 'TeamDay',
  key: ({ teamId, aggregate }: { teamId: string; aggregate: { date: string } }) => ({ pk: teamPartition(teamId), sk: `DAY#${aggregate.date}` }),
  encode: ({ teamId, aggregate, updatedAt }) => {
    const item: Record<string, unknown> = { teamId, date: aggregate.date, updatedAt };
    // Only metrics with data, as the check-ins' ADDs leave them: a metric no check-in touched has no attributes.
    for (const metric of TEAM_METRICS) {
      const { sum, count } = aggregate.totals[metric];
      if (sum === 0 && count === 0) continue;
      item[sumAttribute(metric)] = sum;
      item[countAttribute(metric)] = count;
    }
    for (const [userId, member] of Object.entries(aggregate.members)) item[memberAttribute(userId)] = member;
    return item;
  },
  decode: (item) => ({ teamId: item.teamId as string, aggregate: teamDayOf(item), updatedAt: item.updatedAt as string }),
});
const teamDayKey = (teamId: string, date: string) => teamDayItem.key({ teamId, aggregate: { date } });

/** The update of one team's day aggregate by one member's change: ADD to the totals, SET or REMOVE the member. */
function teamDayUpdate(teamId: string, delta: TeamDayDelta, at: string) {
  const names: Record<string, string> = { '#date': 'date', '#type': 'type', '#team': 'teamId', '#member': memberAttribute(delta.userId) };
  const values: Record<string, unknown> = { ':date': delta.date, ':type': teamDayItem.type, ':team': teamId, ':at': at };
  const adds: string[] = [];
  Object.entries(delta.totals).forEach(([metric, change], index) => {
    names[`#s${index}`] = sumAttribute(metric);
    names[`#c${index}`] = countAttribute(metric);
    values[`:s${index}`] = change.sum;
    values[`:c${index}`] = change.count;
    adds.push(`#s${index} :s${index}`, `#c${index} :c${index}`);
  });
  const sets = ['#date = :date', '#type = :type', '#team = :team', 'updatedAt = :at'];
  if (delta.member) {
    sets.push('#member = :member');
    values[':member'] = delta.member;
  }
  const expression = [`SET ${sets.join(', ')}`, delta.member ? '' : 'REMOVE #member', adds.length > 0 ? `ADD ${adds.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  return {
    Update: {
      TableName: config.tableName,
      Key: teamDayKey(teamId, delta.date),
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Takes a member's stored day back out of one team's aggregate of that date (account deletion): subtracts its totals
 * and removes its game scores, only while the aggregate still lists the member that day, so sending it twice (a
 * resumed deletion) subtracts once. A check-in always sets `member_<userId>` on every team it counts in.
 */
export function teamDayWithdrawal(teamId: string, day: MemberDay, at: string) {
  const delta = memberDayDelta(day, null)!;
  const { Update } = teamDayUpdate(teamId, delta, at);
  return { Update: { ...Update, ConditionExpression: 'attribute_exists(#member)' } };
}

/** One answer of a gamer for one score day. */
const answerItem = defineItem<StoredAnswer>()({
  type: 'Answer',
  key: ({ userId, date, questionSlug }: { userId: string; date: string; questionSlug: string }) => ({
    pk: userPartition(userId),
    sk: `ANSWER#${date}#${questionSlug}`,
  }),
});

/** A gamer's score day: its scores, fgScore state and a copy of its answers. */
const memberDayItem = defineItem<StoredMemberDay>()({
  type: 'MemberDay',
  key: ({ userId, date }: { userId: string; date: string }) => ({ pk: userPartition(userId), sk: `DAY#${date}` }),
});

/**
 * A copy of the gamer's newest member day without its answers, written with every check-in, so that a team's members
 * table reads all its gamers' latest days with one BatchGetItem instead of a Query each (docs/data-model.md).
 */
const latestMemberDayItem = defineItem<StoredMemberDay>()({
  type: 'LatestMemberDay',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'LATEST_DAY' }),
  encode: ({ answers: _answers, checkInIds: _checkInIds, ...day }) => day,
});

/**
 * The latest-day copy of a day being written: only over an older day, so that of two check-ins of different days in
 * flight at once the later day stays the latest (the earlier one's transaction fails and is recomputed).
 */
const latestDayPut = (day: StoredMemberDay) =>
  latestMemberDayItem.put(day, {
    ConditionExpression: 'attribute_not_exists(pk) OR #date <= :date',
    ExpressionAttributeNames: { '#date': 'date' },
    ExpressionAttributeValues: { ':date': day.date },
  });

/** The newest day of each gamer of a history: what a check-in of that day would have left as his latest day. */
function newestDaysOf(days: readonly StoredMemberDay[]): StoredMemberDay[] {
  const newest = new Map<string, StoredMemberDay>();
  for (const day of days) if ((newest.get(day.userId)?.date ?? '') < day.date) newest.set(day.userId, day);
  return [...newest.values()];
}

function isDayConflict(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  // A guard failed (the day's version or the user's zone), or another transaction held one of the items: either way
  // the day must be re-read.
  return reasons.some((reason) => reason.Code === 'ConditionalCheckFailed' || reason.Code === 'TransactionConflict');
}

/** The user item, guarded by its zone fields as read (a field never set is absent or null), changed to `next`. */
function userZoneWrite(TableName: string, userId: string, { read, next }: DayWrite['userZone'], at: string) {
  // timeZone is a DynamoDB reserved word, hence names for all three.
  const fields = [
    ['#zone', 'timeZone', ':zone'],
    ['#zoneFrom', 'timeZoneFrom', ':zoneFrom'],
    ['#previousZone', 'previousTimeZone', ':previousZone'],
  ] as const;
  const names = Object.fromEntries(fields.map(([name, attribute]) => [name, attribute]));
  const values: Record<string, unknown> = {};
  const guards = fields.map(([name, attribute, value]) => {
    if (read[attribute] === null) {
      values[':null'] = 'NULL';
      return `(attribute_not_exists(${name}) OR attribute_type(${name}, :null))`;
    }
    values[`${value}Read`] = read[attribute];
    return `${name} = ${value}Read`;
  });
  const guarded = {
    TableName,
    Key: userItem.key({ id: userId }),
    ConditionExpression: ['attribute_exists(pk)', ...guards].join(' AND '),
    ExpressionAttributeNames: names,
  };
  if (!next) return { ConditionCheck: { ...guarded, ExpressionAttributeValues: values } };
  for (const [, attribute, value] of fields) values[value] = next[attribute];
  return {
    Update: {
      ...guarded,
      UpdateExpression: `SET ${fields.map(([name, , value]) => `${name} = ${value}`).join(', ')}, updatedAt = :at`,
      ExpressionAttributeValues: { ...values, ':at': at },
    },
  };
}

export const dynamoScoreStore: ScoreStore = {
  async latestDays(userId, limit, through) {
    const { pk, sk: dayPrefix } = memberDayItem.key({ userId, date: '' });
    const { items } = await query(
      {
        KeyConditionExpression: through ? 'pk = :pk AND sk BETWEEN :from AND :to' : 'pk = :pk AND begins_with(sk, :from)',
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': dayPrefix,
          ...(through ? { ':to': memberDayItem.key({ userId, date: through }).sk } : {}),
        },
        ScanIndexForward: false,
        ConsistentRead: true,
      },
      { limit },
    );
    return items.map(memberDayItem.decode);
  },

  async profilesWithLatestDays(userIds, todayOf) {
    // Consistent, as the days' own Query: a members table opened on a check-in's announcement must show that check-in.
    const items = await batchGet(
      userIds.flatMap((userId) => [userItem.key({ id: userId }), latestMemberDayItem.key({ userId })]),
      { consistent: true },
    );
    const profiles = new Map<string, UserRecord>();
    const copies = new Map<string, StoredMemberDay>();
    for (const item of items) {
      if (item.type === latestMemberDayItem.type) copies.set(item.userId as string, latestMemberDayItem.decode(item));
      else profiles.set(item.id as string, userItem.decode(item));
    }
    const gamers = userIds.flatMap((userId) => (profiles.has(userId) ? [profiles.get(userId)!] : []));
    return Promise.all(
      gamers.map(async (user): Promise<GamerWithLatestDay> => {
        const today = todayOf(user);
        const copy = copies.get(user.id);
        // No copy: no check-in since the copies were introduced. A copy after today: the gamer answered in a zone whose
        // day runs ahead of his present one. Either way his days say it.
        if (copy && copy.date <= today) return { user, today, latest: copy };
        const [day] = await dynamoScoreStore.latestDays(user.id, 1, today);
        return { user, today, latest: day ?? null };
      }),
    );
  },

  async memberDays(userId, { startDate, endDate }) {
    const { items } = await query({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': memberDayItem.key({ userId, date: startDate }).pk,
        ':from': memberDayItem.key({ userId, date: startDate }).sk,
        ':to': memberDayItem.key({ userId, date: endDate }).sk,
      },
    });
    return items.map(memberDayItem.decode);
  },

  async answers(userId, { startDate, endDate }) {
    // From the first answer of `startDate` to the last of `endDate`: its answers sort below `ANSWER#<endDate>#~`.
    const from = answerItem.key({ userId, date: startDate, questionSlug: '' });
    const to = answerItem.key({ userId, date: endDate, questionSlug: '~' });
    const { items } = await query({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': from.pk, ':from': from.sk, ':to': to.sk },
      ConsistentRead: true,
    });
    return items.map(answerItem.decode);
  },

  async answer(userId, date, questionSlug) {
    const { Item } = await db().send(
      new GetCommand({ TableName: config.tableName, Key: answerItem.key({ userId, date, questionSlug }), ConsistentRead: true }),
    );
    return Item ? answerItem.decode(Item) : null;
  },

  async teamDays(teamId, window, totalsOnly) {
    // A day's item holds every member's game scores; a statistic of averages reads none of them.
    const projection = totalsOnly && {
      // Each metric once: DynamoDB refuses a projection that names an attribute twice (a pillar's statistic and its pillars).
      ProjectionExpression: ['#date', ...[...new Set(totalsOnly)].flatMap((metric) => [sumAttribute(metric), countAttribute(metric)])].join(', '),
      ExpressionAttributeNames: { '#date': 'date' },
    };
    const { items, itemsRead, capacityUnits } = await query({
      ...projection,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': teamDayKey(teamId, window.startDate).pk,
        ':from': teamDayKey(teamId, window.startDate).sk,
        ':to': teamDayKey(teamId, window.endDate).sk,
      },
    });
    // What a team's statistics cost is a product figure (docs/performance.md): about one item per day of the window.
    logger.info('team days read', { teamId, ...window, itemsRead, capacityUnits });
    return items.map((item) => teamDayItem.decode(item).aggregate);
  },

  async saveDay({ day, expectedVersion, answers, removedQuestionSlugs, teamDeltas, userZone }) {
    const TableName = config.tableName;
    const at = day.updatedAt;
    const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
      ...answers.map((answer) => answerItem.put(answer)),
      ...removedQuestionSlugs.map((questionSlug) => answerItem.delete({ userId: day.userId, date: day.date, questionSlug })),
    ];
    items.push(
      memberDayItem.put(
        day,
        expectedVersion === null
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': expectedVersion } },
      ),
    );
    items.push(...teamDeltas.map(({ teamId, delta }) => teamDayUpdate(teamId, delta, at)));
    items.push(
      ...teamDeltas.flatMap(({ teamId, joinedAt }) =>
        joinedAt === undefined
          ? []
          : [
              membershipItem.check(
                { teamId, userId: day.userId },
                { ConditionExpression: 'joinedAt = :joinedAt', ExpressionAttributeValues: { ':joinedAt': joinedAt } },
              ),
            ],
      ),
    );
    items.push(userZoneWrite(TableName, day.userId, userZone, at), latestDayPut(day));
    if (items.length > MAX_TRANSACTION_ITEMS) {
      throw new RangeError(`A check-in would write ${items.length} items, over DynamoDB's ${MAX_TRANSACTION_ITEMS}.`);
    }
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if (isDayConflict(error)) throw new DayVersionConflict();
      throw error;
    }
  },

  async importHistory({ answers, days, teamDays }) {
    await batchPut([
      ...answers.map(answerItem.encode),
      ...days.map(memberDayItem.encode),
      ...newestDaysOf(days).map(latestMemberDayItem.encode),
      ...teamDays.map(teamDayItem.encode),
    ]);
  },
};
