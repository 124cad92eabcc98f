import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type DayWindow, daysOf, type ScoreDay } from '@core/dates';
import type { PillarSlug } from '@core/pillars';
import type { UserZone } from '@core/user-zone';
import type { AnswerInput } from '@core/check-in';
import { questionBySlug } from '@core/questionnaire';
import {
  answerScore,
  type CountedMember,
  type DayBaselines,
  emptyTeamDayAggregate,
  gameScoresOf,
  type MemberDay,
  type MemberGameScores,
  memberDayDelta,
  TEAM_METRICS,
  type TeamDayAggregate,
  type TeamDayDelta,
  teamDayOfMembers,
  type TeamMetric,
  type TeamMetricValues,
  teamMetricValues,
} from '@core/scoring';
import { TryAgainError } from '../errors';
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
 * A team's day: its totals item, with the members it counts (their member items). `updatedAt`: the last check-in that
 * changed it; `versions`: the version of each member's day it counts; `rev`: moved by every write of the totals item.
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
   * Brings each team's day to the member's `day` as stored, once: his member item of the team's day (only over an older
   * version), then the team's totals recounted from the day's member items, on the condition that no other write
   * changed them meanwhile. Writes nothing where the team counts this version already, so it may be sent again.
   */
  countInTeams(day: StoredMemberDay, teams: readonly Pick<DayTeam, 'teamId'>[]): Promise<void>;
  importHistory(history: ScoreHistory): Promise<void>;
}

// A team's day is a totals item (two top-level numbers per metric) and one member item per member it counts
// (docs/data-model.md, "Score items"): nothing on the totals grows with the team, so no write of them does either.
const sumAttribute = (metric: string) => `sum_${metric}`;
const countAttribute = (metric: string) => `count_${metric}`;
/** Totals items written before issue 33's member items also hold one map per member: read, and moved by a recount. */
const MEMBER_PREFIX = 'member_';
const memberAttribute = (userId: string) => `${MEMBER_PREFIX}${userId}`;
/** Whether a stored totals item still lists members in the form before member items (the backfill moves them). */
export const listsMemberMaps = (item: Item) => item.type === 'TeamDay' && Object.keys(item).some((name) => name.startsWith(MEMBER_PREFIX));
/** In such a map: the version of his day the aggregate counts (absent on members counted before it existed). */
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
 * A team's day totals: top-level sums and counts and `rev`. Written with the totals only (its `aggregate.members` and
 * `versions` are the member items' business); read with the member maps of before issue 33's member items, if any.
 */
const teamDayItem = defineItem<TeamDayRecord>()({
  type: 'TeamDay',
  key: ({ teamId, aggregate }: { teamId: string; aggregate: { date: string } }) => ({ pk: teamPartition(teamId), sk: `DAY#${aggregate.date}` }),
  encode: ({ teamId, aggregate, updatedAt, rev }) => {
    const item: Record<string, unknown> = { teamId, date: aggregate.date, updatedAt, ...(rev === undefined ? {} : { rev }) };
    // Only metrics with data: a metric no member has a value of has no attributes.
    for (const metric of TEAM_METRICS) {
      const { sum, count } = aggregate.totals[metric];
      if (sum === 0 && count === 0) continue;
      item[sumAttribute(metric)] = sum;
      item[countAttribute(metric)] = count;
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
 * A member's day as one team counts it (docs/data-model.md, "Team member day"): the version counted, what he adds to
 * each total, and his game scores. Its key sorts right after its team day's, so one Query reads a day with its members.
 */
interface TeamMemberDayRecord extends MemberGameScores {
  teamId: string;
  userId: string;
  date: ScoreDay;
  /** The version of his member day counted. */
  v: number;
  /** His value of each team metric he has one of. */
  values: TeamMetricValues;
  /** The day's `updatedAt`: when the check-in counted was sent. */
  updatedAt: string;
}

const teamMemberDayItem = defineItem<TeamMemberDayRecord>()({
  type: 'TeamMemberDay',
  key: ({ teamId, date, userId }: { teamId: string; date: string; userId: string }) => ({
    pk: teamPartition(teamId),
    sk: `DAY#${date}#${userId}`,
  }),
});

function teamMemberDayOf(teamId: string, day: StoredMemberDay): TeamMemberDayRecord {
  return {
    teamId,
    userId: day.userId,
    date: day.date,
    v: day.version,
    values: teamMetricValues(day),
    updatedAt: day.updatedAt,
    ...gameScoresOf(day),
  };
}

const countedMemberOf = ({ userId, values, gameReadiness, gamePerformance, gaming, fgScore, fgBaseline }: TeamMemberDayRecord): CountedMember => ({
  userId,
  values,
  scores: { gameReadiness, gamePerformance, gaming, fgScore: fgScore ?? null, fgBaseline: fgBaseline ?? null },
});

/** A day's items of a team (its totals item, then its member items), one Query: `DAY#<from>` .. `DAY#<to>#<last>`. */
function teamDaysQuery(teamId: string, { startDate, endDate }: DayWindow) {
  return {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': teamDayKey(teamId, startDate).pk,
      ':from': teamDayKey(teamId, startDate).sk,
      // After every member item of the last day: user ids are ASCII, below U+FFFF.
      ':to': `${teamDayKey(teamId, endDate).sk}#\uffff`,
    },
  };
}

/** A window's team days from its totals and member items (either form: member maps of before, member items of now). */
function teamDaysOfItems(items: readonly Item[]): TeamDayAggregate[] {
  const totals = new Map<string, TeamDayAggregate>();
  const members = new Map<string, CountedMember[]>();
  for (const item of items) {
    if (item.type === teamDayItem.type) totals.set(item.date as string, teamDayItem.decode(item).aggregate);
    else if (item.type === teamMemberDayItem.type) {
      const member = teamMemberDayItem.decode(item);
      members.set(member.date, [...(members.get(member.date) ?? []), countedMemberOf(member)]);
    }
  }
  const dates = [...new Set([...totals.keys(), ...members.keys()])].sort();
  return dates.map((date) => {
    const counted = members.get(date) ?? [];
    const fromMembers = teamDayOfMembers(date, counted);
    // The totals item's totals (what statistics of averages read); its member items' sums before its first recount.
    const aggregate = totals.get(date) ?? fromMembers;
    return { ...aggregate, members: { ...aggregate.members, ...fromMembers.members } };
  });
}

/**
 * The update of one team's totals item of the form before member items by one member's change: ADD to the totals and
 * to `rev`, and REMOVE the member's map. Only account deletion still sends it (`withdrawFromTeamDay`).
 */
function legacyTeamDayWithdrawal(teamId: string, delta: TeamDayDelta, at: string) {
  const names: Record<string, string> = { '#member': memberAttribute(delta.userId) };
  const values: Record<string, unknown> = { ':at': at, ':one': 1 };
  const adds = ['rev :one'];
  Object.entries(delta.totals).forEach(([metric, change], index) => {
    names[`#s${index}`] = sumAttribute(metric);
    names[`#c${index}`] = countAttribute(metric);
    values[`:s${index}`] = change.sum;
    values[`:c${index}`] = change.count;
    adds.push(`#s${index} :s${index}`, `#c${index} :c${index}`);
  });
  return {
    TableName: config.tableName,
    Key: teamDayKey(teamId, delta.date),
    UpdateExpression: `SET updatedAt = :at REMOVE #member ADD ${adds.join(', ')}`,
    // Only while the aggregate still lists the member that day: sent twice (a resumed deletion), it subtracts once.
    ConditionExpression: 'attribute_exists(#member)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
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
const RECOUNT_TRIES = 12;
const TEAM_DAY_BUSY = 'Your check-in is saved, but your team could not count it yet. Please send it again.';
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(attempt, 6)));

const sameTotals = (a: TeamDayAggregate, b: TeamDayAggregate) =>
  TEAM_METRICS.every((metric) => a.totals[metric].sum === b.totals[metric].sum && a.totals[metric].count === b.totals[metric].count);

/**
 * The member's item of a team's day at this version of his day: only over an older version (a check-in that wrote a
 * later one meanwhile keeps it), so sending it again changes nothing.
 */
async function putTeamMemberDay(teamId: string, day: StoredMemberDay): Promise<void> {
  try {
    await db().send(
      new PutCommand(
        teamMemberDayItem.put(teamMemberDayOf(teamId, day), {
          ConditionExpression: 'attribute_not_exists(pk) OR v < :v',
          ExpressionAttributeValues: { ':v': day.version },
        }).Put,
      ),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Recounts a team's day totals from its member items (docs/data-model.md, "Score items"): one consistent Query of the
 * day's items, then a Put of the totals on the condition that no other write changed them since they were read
 * (`rev`), so a teammate's recount in between is never lost: this one reads again. Writes nothing when the totals are
 * right already (a teammate's recount saw this member's item). Members of the form before member items (maps on the
 * totals item) get their member items from their days first, and the recount drops their maps.
 *
 * It stops, too, once the totals are two revisions past those its first read saw (`rev` ≥ first + 2): the recount that
 * wrote the second one read the first one's write, which came after this recount's first read, so it counted every
 * member item written before that (this caller's). So a recount reads at most three times however many teammates
 * recount at once; without it, in a team checking in several a second, a recount could lose every race to newer
 * teammates' (docs/performance.md, "Knee figures after issue 33's team days").
 */
export async function recountTeamDay(teamId: string, date: ScoreDay, at: string): Promise<void> {
  let migrated = false;
  let firstRev: number | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const { items } = await query({ ...teamDaysQuery(teamId, { startDate: date, endDate: date }), ConsistentRead: true });
    const totalsItem = items.find((item) => item.type === teamDayItem.type && item.date === date);
    const stored = totalsItem ? teamDayItem.decode(totalsItem) : null;
    const rev = stored?.rev ?? 0;
    firstRev ??= rev;
    if (rev >= firstRev + 2) return;
    const members = items.filter((item) => item.type === teamMemberDayItem.type).map(teamMemberDayItem.decode);
    const listed = new Set(members.map((member) => member.userId));
    const legacy = Object.keys(stored?.aggregate.members ?? {});
    const unmoved = legacy.filter((userId) => !listed.has(userId));
    if (unmoved.length > 0 && !migrated) {
      migrated = true;
      const days = (
        await batchGet(
          unmoved.map((userId) => memberDayItem.key({ userId, date })),
          { consistent: true },
        )
      ).map(memberDayItem.decode);
      await Promise.all(days.map((day) => putTeamMemberDay(teamId, day)));
      if (days.length > 0) continue;
    }
    if (!stored && members.length === 0) return;
    const aggregate = teamDayOfMembers(date, members.map(countedMemberOf));
    if (stored && legacy.length === 0 && sameTotals(stored.aggregate, aggregate)) return;
    const record: TeamDayRecord = {
      teamId,
      aggregate,
      // The newest check-in it counts (or the newest write's, for a withdrawal): never older than a member it counts.
      updatedAt: [at, ...(stored ? [stored.updatedAt] : []), ...members.map((member) => member.updatedAt)].reduce((a, b) => (a > b ? a : b)),
      rev: rev + 1,
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
      if (!isConditionFailure(error)) throw error;
      // Only where revisions moved without a recount (account deletion's withdrawal from a totals item of before
      // member items): the check-in is stored, and sending it again counts it.
      if (attempt >= RECOUNT_TRIES) throw new TryAgainError(TEAM_DAY_BUSY);
      await pause(attempt);
    }
  }
}

/** Counts the member's `day` in one team, once (ScoreStore.countInTeams): his member item, then the recount. */
async function countInTeam(teamId: string, day: StoredMemberDay): Promise<void> {
  await putTeamMemberDay(teamId, day);
  await recountTeamDay(teamId, day.date, day.updatedAt);
}

const countInTeams: ScoreStore['countInTeams'] = async (day, teams) => {
  await Promise.all(teams.map(({ teamId }) => countInTeam(teamId, day)));
};

/**
 * Takes a member's stored day back out of one team's day (account deletion), once: the map of the form before member
 * items (its totals subtracted, only while it is there), his member item, then the totals recounted. Sent again (a
 * resumed deletion), it finds nothing of him and recounts to the same totals, writing nothing.
 */
export async function withdrawFromTeamDay(teamId: string, day: MemberDay, at: string): Promise<void> {
  try {
    await db().send(new UpdateCommand(legacyTeamDayWithdrawal(teamId, memberDayDelta(day, null)!, at)));
  } catch (error) {
    // The aggregate does not list him in a map: never counted there, counted in a member item, or taken out already.
    if (!isConditionFailure(error)) throw error;
  }
  await db().send(new DeleteCommand({ TableName: config.tableName, Key: teamMemberDayItem.key({ teamId, date: day.date, userId: day.userId }) }));
  await recountTeamDay(teamId, day.date, at);
}

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
    if (totalsOnly) {
      // Statistics of averages read only the totals items: one BatchGetItem of the window's D keys (per 100 days),
      // at most D items whatever the team's size (a Query of the range would pass over the member items too).
      const items = await batchGet(daysOf(window).map((date) => teamDayKey(teamId, date)));
      // What a team's statistics cost is a product figure (docs/performance.md): at most one item per day of the
      // window, each a totals item under 4 KB (half a read unit, eventually consistent).
      logger.info('team days read', { teamId, ...window, itemsRead: items.length, capacityUnits: items.length / 2 });
      return items
        .map((item) => {
          // As the contract says: the totals of those metrics and no member.
          const { date, totals } = teamDayItem.decode(item).aggregate;
          const day = emptyTeamDayAggregate(date);
          for (const metric of totalsOnly) day.totals[metric] = totals[metric];
          return day;
        })
        .sort((a, b) => a.date.localeCompare(b.date));
    }
    const { items, itemsRead, capacityUnits } = await query(teamDaysQuery(teamId, window));
    logger.info('team days read', { teamId, ...window, itemsRead, capacityUnits, withMembers: true });
    return teamDaysOfItems(items);
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
    const dayOf = new Map(days.map((day) => [`${day.userId}|${day.date}`, day]));
    // Each team day's member items, from the days of the members it counts, at the version counted.
    const members = teamDays.flatMap(({ teamId, aggregate, versions = {} }) =>
      Object.keys(aggregate.members).flatMap((userId) => {
        const day = dayOf.get(`${userId}|${aggregate.date}`);
        return day ? [teamMemberDayItem.encode(teamMemberDayOf(teamId, { ...day, version: versions[userId] ?? day.version }))] : [];
      }),
    );
    // The totals only once everything they count is stored: a load cut short leaves no totals without their members,
    // and a loader may take a team's complete set of totals as the sign that the team was loaded.
    await batchPut([...days.map(memberDayItem.encode), ...newestDaysOf(days).map(latestMemberDayItem.encode), ...members]);
    await batchPut(teamDays.map(teamDayItem.encode));
  },
};
