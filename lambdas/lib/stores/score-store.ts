import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DayWindow, ScoreDay } from '@core/dates';
import type { PillarSlug } from '@core/pillars';
import type { UserZone } from '@core/user-zone';
import type { AnswerInput } from '@core/check-in';
import { questionBySlug } from '@core/questionnaire';
import {
  aggregateTeamDay,
  answerScore,
  type DayBaselines,
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
import { batchGet, batchPut, type Item, isConditionFailure, query, withoutKeys } from '../db/table';
import { membershipItem } from './team-store';
import { MAX_TRANSACTION_ITEMS, transact, TransactionRefused } from './transactions';
import { userItem, type UserRecord } from './user-store';
/**
 * One answer of a gamer for one score day, as the API gives it (schema.graphql `Answer`). Stored only inside the member
 * day (docs/data-model.md, "Score items"); its pillar and score follow from the question and the value.
 */
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
   * The day's answers by question slug: the only copy of them (the journal, the check-in page and `userAnswers` read
   * them here). Absent on days stored before the journal until `backfillCheckIns` has run.
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

/**
 * What a team's members table reads of a gamer's latest day (docs/data-model.md #38): his score card and the FG Score
 * baseline of the day. The latest-day copy keeps only this, so it stays one write unit.
 */
export type LatestMemberDay = Pick<
  StoredMemberDay,
  'userId' | 'date' | 'version' | 'updatedAt' | 'fg' | 'dailyScore' | 'gameReadiness' | 'gamePerformance' | 'gaming' | 'avgCompletion'
> & { baselines?: Pick<DayBaselines, 'fgScore'> };

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

/** The day's answers as answer records in question-slug order (none for a day stored before the journal). */
export function answersOfDay(day: StoredMemberDay): StoredAnswer[] {
  return Object.entries(day.answers ?? {})
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([questionSlug, { value, answeredAt }]) => storedAnswer(day.userId, day.date, { questionSlug, value }, answeredAt));
}

/** A team the check-in's day counts in. */
export interface DayTeam {
  teamId: string;
  /** The gamer's membership as read: the check-in is refused (DayVersionConflict) when it ended or was replaced meanwhile. */
  joinedAt: string;
  /** The member's day the team's aggregate counts so far (null: none, the team gets the whole new day). */
  counted: StoredMemberDay | null;
}

/** Everything one check-in writes: `saveDay` writes the day in one transaction, then counts it in its teams. */
export interface DayWrite {
  day: StoredMemberDay;
  /** The version the new day was computed from; null when the day did not exist. */
  expectedVersion: number | null;
  teams: DayTeam[];
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
  latest: LatestMemberDay | null;
}

/**
 * A team's day aggregate as stored. `updatedAt`: the last check-in that changed it; `versions`: the version of each
 * member's day it counts (none on members counted before versions were kept); `rev`: moved by every write of it.
 */
export interface TeamDayRecord {
  teamId: string;
  aggregate: TeamDayAggregate;
  updatedAt: string;
  versions?: Record<string, number>;
  rev?: number;
}

/** A precomputed history (seeding, benchmarks): written in batches, not transactionally. */
export interface ScoreHistory {
  days: StoredMemberDay[];
  /** As the check-ins of the history would have left them. */
  teamDays: TeamDayRecord[];
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
  /** The gamer's answers in a window, by day then question slug, from his days (one Query). */
  answers(userId: string, window: DayWindow): Promise<StoredAnswer[]>;
  answer(userId: string, date: ScoreDay, questionSlug: string): Promise<StoredAnswer | null>;
  /**
   * A team's day aggregates in a window, oldest first: one item per day with data. With `totalsOnly`, each day has the
   * totals of just those metrics and no member's game scores: a read of a few attributes of each item.
   */
  teamDays(teamId: string, window: DayWindow, totalsOnly?: readonly TeamMetric[]): Promise<TeamDayAggregate[]>;
  /**
   * Writes a check-in's day atomically (throws DayVersionConflict when the day changed since it was read), then counts
   * it in its teams (`countInTeams`).
   */
  saveDay(write: DayWrite): Promise<void>;
  /**
   * Brings each team's aggregate of the day to the member's `day` as stored, once: an update by the change from the
   * day the team counted (`counted`), on the condition that the team still counts that one; when it does not (a check-in
   * stopped before counting, or the guess was wrong) the team's day is recounted from its members' days. Writes
   * nothing where the team counts this version already, so it may be sent again.
   */
  countInTeams(day: StoredMemberDay, teams: readonly Pick<DayTeam, 'teamId' | 'counted'>[]): Promise<void>;
  importHistory(history: ScoreHistory): Promise<void>;
}

// Team day aggregates keep every total as two top-level numbers and every member as one map attribute, so a
// check-in changes them with atomic ADD/SET/REMOVE and never needs to read the aggregate first.
const sumAttribute = (metric: string) => `sum_${metric}`;
const countAttribute = (metric: string) => `count_${metric}`;
const MEMBER_PREFIX = 'member_';
const memberAttribute = (userId: string) => `${MEMBER_PREFIX}${userId}`;
/** In a member's map: the version of his day the aggregate counts (absent on members counted before it existed). */
const COUNTED_VERSION = 'v';

function teamDayOf(item: Record<string, unknown>): Pick<TeamDayRecord, 'aggregate' | 'versions'> {
  const aggregate = emptyTeamDayAggregate(item.date as ScoreDay);
  const versions: Record<string, number> = {};
  for (const metric of TEAM_METRICS) {
    aggregate.totals[metric] = {
      sum: Number(item[sumAttribute(metric)] ?? 0),
      count: Number(item[countAttribute(metric)] ?? 0),
    };
  }
  for (const [name, value] of Object.entries(item)) {
    if (!name.startsWith(MEMBER_PREFIX)) continue;
    const userId = name.slice(MEMBER_PREFIX.length);
    const { [COUNTED_VERSION]: version, ...member } = value as MemberGameScores & { [COUNTED_VERSION]?: number };
    aggregate.members[userId] = member;
    if (version !== undefined) versions[userId] = Number(version);
  }
  return { aggregate, versions };
}

/**
 * A team's day aggregate: top-level sums and counts and one map per member who checked in, so that a check-in changes
 * it with ADD / SET / REMOVE without reading it (docs/data-model.md, "Score items").
 */
const teamDayItem = defineItem<TeamDayRecord>()({
  type: 'TeamDay',
  key: ({ teamId, aggregate }: { teamId: string; aggregate: { date: string } }) => ({ pk: teamPartition(teamId), sk: `DAY#${aggregate.date}` }),
  encode: ({ teamId, aggregate, updatedAt, versions = {}, rev }) => {
    const item: Record<string, unknown> = { teamId, date: aggregate.date, updatedAt, ...(rev === undefined ? {} : { rev }) };
    // Only metrics with data, as the check-ins' ADDs leave them: a metric no check-in touched has no attributes.
    for (const metric of TEAM_METRICS) {
      const { sum, count } = aggregate.totals[metric];
      if (sum === 0 && count === 0) continue;
      item[sumAttribute(metric)] = sum;
      item[countAttribute(metric)] = count;
    }
    for (const [userId, member] of Object.entries(aggregate.members)) {
      const version = versions[userId];
      item[memberAttribute(userId)] = version === undefined ? member : { ...member, [COUNTED_VERSION]: version };
    }
    return item;
  },
  decode: (item) => ({
    teamId: item.teamId as string,
    ...teamDayOf(item),
    updatedAt: item.updatedAt as string,
    ...(item.rev === undefined ? {} : { rev: Number(item.rev) }),
  }),
});
const teamDayKey = (teamId: string, date: string) => teamDayItem.key({ teamId, aggregate: { date } });

/**
 * The update of one team's day aggregate by one member's change: ADD to the totals and to `rev`, SET the member (with
 * the version of his day now counted) or REMOVE him.
 */
function teamDayUpdate(teamId: string, delta: TeamDayDelta, at: string, version?: number) {
  const names: Record<string, string> = { '#date': 'date', '#type': 'type', '#team': 'teamId', '#member': memberAttribute(delta.userId) };
  const values: Record<string, unknown> = { ':date': delta.date, ':type': teamDayItem.type, ':team': teamId, ':at': at, ':one': 1 };
  const adds = ['rev :one'];
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
    values[':member'] = version === undefined ? delta.member : { ...delta.member, [COUNTED_VERSION]: version };
  }
  const expression = [`SET ${sets.join(', ')}`, delta.member ? '' : 'REMOVE #member', `ADD ${adds.join(', ')}`].filter(Boolean).join(' ');
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

/**
 * The answers of a day as stored: each question's value, and the instant it was answered only where that is not the
 * day's `updatedAt` (an answer a correction left as it was), which a first check-in never has.
 */
function encodeAnswers(answers: Record<string, DayAnswer> | undefined, updatedAt: string): Item {
  if (!answers) return {};
  const entries = Object.entries(answers);
  const earlier = entries.filter(([, { answeredAt }]) => answeredAt !== updatedAt);
  return {
    answers: Object.fromEntries(entries.map(([slug, { value }]) => [slug, value])),
    ...(earlier.length > 0 ? { answeredAt: Object.fromEntries(earlier.map(([slug, { answeredAt }]) => [slug, answeredAt])) } : {}),
  };
}

/** A member day's attributes as stored (`encodeAnswers`). */
type StoredDayAttributes = Omit<StoredMemberDay, 'answers'> & { answers?: Record<string, string | DayAnswer>; answeredAt?: Record<string, string> };

/** The answers `encodeAnswers` stored; a day written before the backfill keeps `{ value, answeredAt }` per question. */
function decodeAnswers(answers: Record<string, string | DayAnswer>, answeredAt: Record<string, string> = {}, updatedAt: string) {
  return Object.fromEntries(
    Object.entries(answers).map(([slug, answer]): [string, DayAnswer] => [
      slug,
      typeof answer === 'string' ? { value: answer, answeredAt: answeredAt[slug] ?? updatedAt } : answer,
    ]),
  );
}

/** A gamer's score day: its scores, fgScore state and its answers. */
export const memberDayItem = defineItem<StoredMemberDay>()({
  type: 'MemberDay',
  key: ({ userId, date }: { userId: string; date: string }) => ({ pk: userPartition(userId), sk: `DAY#${date}` }),
  encode: ({ answers, ...day }) => ({ ...day, ...encodeAnswers(answers, day.updatedAt) }),
  decode: (item) => {
    const { answers, answeredAt, ...day } = withoutKeys<StoredDayAttributes>(item);
    return answers ? { ...day, answers: decodeAnswers(answers, answeredAt, day.updatedAt) } : day;
  },
});

/**
 * A copy of the gamer's newest member day, only what a team's members table shows of it, written with every check-in,
 * so that the table reads all its gamers' latest days with one BatchGetItem instead of a Query each (docs/data-model.md).
 */
const latestMemberDayItem = defineItem<LatestMemberDay>()({
  type: 'LatestMemberDay',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'LATEST_DAY' }),
  encode: ({ userId, date, version, updatedAt, fg, dailyScore, gameReadiness, gamePerformance, gaming, avgCompletion, baselines }) => ({
    userId,
    date,
    version,
    updatedAt,
    fg,
    dailyScore,
    gameReadiness,
    gamePerformance,
    gaming,
    avgCompletion,
    ...(baselines ? { baselines: { fgScore: baselines.fgScore } } : {}),
  }),
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

/** Tries of a team day's recount that another write of the team day overtook between its read and its write. */
const RECOUNT_TRIES = 5;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));

/**
 * Recounts a team's day from the stored days of the members it lists and `day`'s member, unless it counts this version
 * of `day` (or a later one) already. Written on the condition that no other write changed the aggregate since it was
 * read (`rev`), so a teammate's update in between is never lost: the recount reads again.
 */
async function recountTeamDay(teamId: string, day: StoredMemberDay): Promise<void> {
  const Key = teamDayKey(teamId, day.date);
  for (let attempt = 1; ; attempt += 1) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key, ConsistentRead: true }));
    const stored = Item ? teamDayItem.decode(Item) : null;
    if ((stored?.versions?.[day.userId] ?? 0) >= day.version) return;
    const userIds = new Set([...Object.keys(stored?.aggregate.members ?? {}), day.userId]);
    const days = (
      await batchGet(
        [...userIds].map((userId) => memberDayItem.key({ userId, date: day.date })),
        { consistent: true },
      )
    ).map(memberDayItem.decode);
    const record: TeamDayRecord = {
      teamId,
      aggregate: aggregateTeamDay(day.date, days),
      updatedAt: stored && stored.updatedAt > day.updatedAt ? stored.updatedAt : day.updatedAt,
      versions: Object.fromEntries(days.map(({ userId, version }) => [userId, version])),
      rev: (stored?.rev ?? 0) + 1,
    };
    const unchanged = !stored
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : stored.rev === undefined
        ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(rev)' }
        : { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': stored.rev } };
    try {
      await db().send(new PutCommand(teamDayItem.put(record, unchanged).Put));
      return;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= RECOUNT_TRIES) throw error;
      await pause(attempt);
    }
  }
}

/** Counts the change from `counted` to `day` in one team, once (ScoreStore.countInTeams). */
async function countInTeam(teamId: string, counted: StoredMemberDay | null, day: StoredMemberDay): Promise<void> {
  const { Update } = teamDayUpdate(teamId, memberDayDelta(counted, day)!, day.updatedAt, day.version);
  // A member counted before versions were written was counted in the check-in's own transaction: as the day read.
  const stillCounted = counted
    ? {
        ConditionExpression: '#member.#version = :counted OR (attribute_exists(#member) AND attribute_not_exists(#member.#version))',
        ExpressionAttributeNames: { ...Update.ExpressionAttributeNames, '#version': COUNTED_VERSION },
        ExpressionAttributeValues: { ...Update.ExpressionAttributeValues, ':counted': counted.version },
      }
    : { ConditionExpression: 'attribute_not_exists(#member)' };
  try {
    await db().send(new UpdateCommand({ ...Update, ...stillCounted }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await recountTeamDay(teamId, day);
  }
}

const countInTeams: ScoreStore['countInTeams'] = async (day, teams) => {
  await Promise.all(teams.map(({ teamId, counted }) => countInTeam(teamId, counted, day)));
};

/** A gamer's days in a window, oldest first (consistent: what a check-in just wrote). */
async function daysBetween(userId: string, { startDate, endDate }: DayWindow, consistent: boolean): Promise<StoredMemberDay[]> {
  const from = memberDayItem.key({ userId, date: startDate });
  const { items } = await query({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': from.pk, ':from': from.sk, ':to': memberDayItem.key({ userId, date: endDate }).sk },
    ...(consistent ? { ConsistentRead: true } : {}),
  });
  return items.map(memberDayItem.decode);
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
    const copies = new Map<string, LatestMemberDay>();
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

  async memberDays(userId, window) {
    return daysBetween(userId, window, false);
  },

  async answers(userId, window) {
    return (await daysBetween(userId, window, true)).flatMap(answersOfDay);
  },

  async answer(userId, date, questionSlug) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: memberDayItem.key({ userId, date }), ConsistentRead: true }));
    return (Item && answersOfDay(memberDayItem.decode(Item)).find((answer) => answer.questionSlug === questionSlug)) ?? null;
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

  async saveDay({ day, expectedVersion, teams, userZone }) {
    // The member's own items only: teammates checking in at once never share an item of each other's transactions.
    const items = [
      {
        label: 'day',
        item: memberDayItem.put(
          day,
          expectedVersion === null
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': expectedVersion } },
        ),
      },
      ...teams.map(({ teamId, joinedAt }) => ({
        label: 'membership',
        item: membershipItem.check(
          { teamId, userId: day.userId },
          { ConditionExpression: 'joinedAt = :joinedAt', ExpressionAttributeValues: { ':joinedAt': joinedAt } },
        ),
      })),
      { label: 'zone', item: userZoneWrite(config.tableName, day.userId, userZone, day.updatedAt) },
      { label: 'latest', item: latestDayPut(day) },
    ];
    if (items.length > MAX_TRANSACTION_ITEMS) {
      throw new RangeError(`A check-in would write ${items.length} items, over DynamoDB's ${MAX_TRANSACTION_ITEMS}.`);
    }
    try {
      // transact() sends a transaction again while only a concurrent one held its items (TransactionConflict).
      await transact(items);
    } catch (error) {
      // A guard failed (the day's version, a membership, the user's zone, a later latest day), or collisions went on:
      // either way the day must be read again.
      if (error instanceof TransactionRefused || (error as Error).name === 'TransactionCanceledException') throw new DayVersionConflict();
      throw error;
    }
    await countInTeams(day, teams);
  },

  countInTeams,

  async importHistory({ days, teamDays }) {
    await batchPut([...days.map(memberDayItem.encode), ...newestDaysOf(days).map(latestMemberDayItem.encode), ...teamDays.map(teamDayItem.encode)]);
  },
};
