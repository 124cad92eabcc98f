import type { DayWindow, ScoreDay } from '../dates';
import { type GameScoreType, isGameScoreType, PILLAR_SLUGS, type PillarSlug, SCORE_TYPES, type ScoreType } from '../pillars';
import type { Baseline } from './baseline';
import { roundScore } from './constants';
import { dayScoreValue } from './day-value';
import type { MemberDay } from './member-day';
import { buildScoreStatistics, isInWindow, type ScorePoint, type ScoreStatistics } from './statistics';

/**
 * A team's daily aggregate: per date, the sum and count of every member value, plus each member's game scores.
 * Team statistics over D days then read D aggregates, and one member's changed day updates one aggregate by a delta
 * (`memberDayDelta`, suitable for atomic ADD updates) instead of recomputing it from every member.
 */
export type TeamMetric = ScoreType | `${PillarSlug}Completeness` | 'avgCompletion';
export const TEAM_METRICS: readonly TeamMetric[] = [...SCORE_TYPES, ...PILLAR_SLUGS.map((slug) => `${slug}Completeness` as const), 'avgCompletion'];

export interface MetricTotal {
  sum: number;
  count: number;
}

/**
 * What a team's day keeps of each member who checked in: his game scores (listed per member in the team's game series),
 * and his FG Score with its baseline that day, from which the team's heat map colours his day and tells its drop
 * without reading his own days (docs/scoring.md, "Baselines"). Members stored before baselines lack the last two.
 */
export interface MemberGameScores {
  gameReadiness: number | null;
  gamePerformance: number | null;
  gaming: boolean;
  fgScore?: number | null;
  fgBaseline?: Baseline | null;
}

export interface TeamDayAggregate {
  date: ScoreDay;
  /** Per metric: the sum of the members' values and how many members had one. */
  totals: Record<TeamMetric, MetricTotal>;
  /** Each member's game scores by userId: game-score series are concatenated, not averaged. */
  members: Record<string, MemberGameScores>;
}

export interface TeamDayDelta {
  date: ScoreDay;
  userId: string;
  /** Only the metrics that change. */
  totals: Partial<Record<TeamMetric, MetricTotal>>;
  /** The member's game scores after the change; null when the member's day was removed. */
  member: MemberGameScores | null;
}

export function emptyTeamDayAggregate(date: ScoreDay): TeamDayAggregate {
  const totals = Object.fromEntries(TEAM_METRICS.map((metric) => [metric, { sum: 0, count: 0 }])) as Record<TeamMetric, MetricTotal>;
  return { date, totals, members: {} };
}

function memberDayMetric(day: MemberDay, metric: TeamMetric): number | null {
  if (metric === 'avgCompletion') return day.avgCompletion;
  const completenessOf = PILLAR_SLUGS.find((slug) => metric === `${slug}Completeness`);
  return completenessOf ? day.pillars[completenessOf].completenessScore : dayScoreValue(day, metric as ScoreType);
}

export const gameScoresOf = (day: MemberDay): MemberGameScores => ({
  gameReadiness: day.gameReadiness,
  gamePerformance: day.gamePerformance,
  gaming: day.gaming,
  fgScore: day.fg?.fgScore ?? null,
  fgBaseline: day.baselines?.fgScore ?? null,
});

/** A member's value of each team metric his day has one of: what he adds to each sum (and 1 to its count). */
export type TeamMetricValues = Partial<Record<TeamMetric, number>>;

export function teamMetricValues(day: MemberDay): TeamMetricValues {
  const values: TeamMetricValues = {};
  for (const metric of TEAM_METRICS) {
    const value = memberDayMetric(day, metric);
    if (value !== null) values[metric] = value;
  }
  return values;
}

/** What a team's day keeps of one member it counts: his metric values and his game scores. */
export interface CountedMember {
  userId: string;
  values: TeamMetricValues;
  scores: MemberGameScores;
}

/**
 * A team's day from the members it counts (docs/data-model.md, "Team member day"): the same aggregate as
 * `aggregateTeamDay` of their days, summed in userId order so that a recount gives the same numbers every time.
 */
export function teamDayOfMembers(date: ScoreDay, members: readonly CountedMember[]): TeamDayAggregate {
  const aggregate = emptyTeamDayAggregate(date);
  for (const { userId, values, scores } of [...members].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))) {
    for (const [metric, value] of Object.entries(values) as [TeamMetric, number][]) {
      const total = aggregate.totals[metric];
      aggregate.totals[metric] = { sum: total.sum + value, count: total.count + 1 };
    }
    aggregate.members[userId] = scores;
  }
  return aggregate;
}

/** What one member's day change (before -> after; null = no day) does to their team's aggregate of that date. */
export function memberDayDelta(before: MemberDay | null, after: MemberDay | null): TeamDayDelta | null {
  const reference = after ?? before;
  if (!reference) return null;
  if (before && after && (before.userId !== after.userId || before.date !== after.date)) {
    throw new RangeError('A member day change must keep its user and date');
  }
  const totals: Partial<Record<TeamMetric, MetricTotal>> = {};
  for (const metric of TEAM_METRICS) {
    const old = before ? memberDayMetric(before, metric) : null;
    const next = after ? memberDayMetric(after, metric) : null;
    const change = { sum: (next ?? 0) - (old ?? 0), count: (next === null ? 0 : 1) - (old === null ? 0 : 1) };
    if (change.sum !== 0 || change.count !== 0) totals[metric] = change;
  }
  return { date: reference.date, userId: reference.userId, totals, member: after ? gameScoresOf(after) : null };
}

export function applyTeamDayDelta(aggregate: TeamDayAggregate | null, delta: TeamDayDelta): TeamDayAggregate {
  const base = aggregate ?? emptyTeamDayAggregate(delta.date);
  if (base.date !== delta.date) throw new RangeError(`Delta for ${delta.date} applied to the aggregate of ${base.date}`);
  const totals = { ...base.totals };
  for (const [metric, change] of Object.entries(delta.totals) as [TeamMetric, MetricTotal][]) {
    totals[metric] = { sum: totals[metric].sum + change.sum, count: totals[metric].count + change.count };
  }
  const { [delta.userId]: _previous, ...others } = base.members;
  return { date: base.date, totals, members: delta.member ? { ...others, [delta.userId]: delta.member } : others };
}

/** The aggregate after one member's day changed from `before` to `after` (either may be null). */
export function applyMemberDayChange(aggregate: TeamDayAggregate | null, before: MemberDay | null, after: MemberDay | null): TeamDayAggregate {
  const delta = memberDayDelta(before, after);
  if (delta) return applyTeamDayDelta(aggregate, delta);
  if (aggregate) return aggregate;
  throw new RangeError('Nothing to apply: no aggregate and no member day');
}

/** The aggregate computed from scratch from every member's day of one date. */
export function aggregateTeamDay(date: ScoreDay, days: readonly MemberDay[]): TeamDayAggregate {
  return days.reduce<TeamDayAggregate>((aggregate, day) => applyMemberDayChange(aggregate, null, day), emptyTeamDayAggregate(date));
}

/** The team's value of a metric on the aggregate's date: the members' average, or null when no member had one. */
export function teamMetricAverage(aggregate: TeamDayAggregate, metric: TeamMetric): number | null {
  const { sum, count } = aggregate.totals[metric];
  return count === 0 ? null : roundScore(sum / count);
}

/**
 * A team's statistics over a window (`myTeamScoreStats`): averaged per date, except game readiness and performance,
 * whose points are each member's own, member after member (sorted by userId), each member's points oldest first.
 */
export function teamScoreStatistics(type: ScoreType, aggregates: readonly TeamDayAggregate[], window: DayWindow): ScoreStatistics {
  const days = aggregates.filter((aggregate) => isInWindow(aggregate.date, window)).sort((a, b) => a.date.localeCompare(b.date));
  const averagedPoints = (metric: TeamMetric): ScorePoint[] =>
    days.flatMap((aggregate) => {
      const value = teamMetricAverage(aggregate, metric);
      return value === null ? [] : [{ date: aggregate.date, value }];
    });
  const concatenatedPoints = (gameType: GameScoreType): ScorePoint[] => {
    const userIds = [...new Set(days.flatMap((aggregate) => Object.keys(aggregate.members)))].sort();
    return userIds.flatMap((userId) =>
      days.flatMap((aggregate) => {
        const value = aggregate.members[userId]?.[gameType] ?? null;
        return value === null ? [] : [{ date: aggregate.date, value, userId }];
      }),
    );
  };
  const main = isGameScoreType(type) ? concatenatedPoints(type) : averagedPoints(type);
  return buildScoreStatistics(type, main, averagedPoints);
}
