import { type ScoreDay, shiftDay } from '../dates';
import { SCORE_TYPES, type ScoreType } from '../pillars';
import { dayScoreValue } from './day-value';
import type { MemberDay } from './member-day';

/**
 * A gamer's own normal (docs/scoring.md, "Baselines"): the mean and spread of each score over the 28 score days before
 * today, from at least 7 check-ins. Today is compared with it as a z-score, the approach of the athlete-monitoring
 * literature (a value more than one standard deviation below the individual's rolling mean is a meaningful drop).
 */
export const BASELINE_WINDOW_DAYS = 28;
export const BASELINE_MIN_CHECK_INS = 7;
/** How many standard deviations below the mean flags a drop. */
const BASELINE_DROP_Z = 1;

export interface Baseline {
  mean: number;
  /** Sample standard deviation (n - 1). */
  sd: number;
  /** Days that had a value. */
  count: number;
}

export interface BaselineDeviation {
  /** Today's value minus the mean, rounded to a whole number as scores are shown. */
  delta: number;
  /** Standard deviations from the mean; null when the spread is 0 (every day alike). */
  z: number | null;
  /** True when today is more than BASELINE_DROP_Z standard deviations below the mean. */
  below: boolean;
}

/** The first and last score day whose values make today's baseline: the 28 days before today, today left out. */
export function baselineWindow(today: ScoreDay): { startDate: ScoreDay; endDate: ScoreDay } {
  return { startDate: shiftDay(today, -BASELINE_WINDOW_DAYS), endDate: shiftDay(today, -1) };
}

/** The baseline of a series of values (days without a value left out); null below BASELINE_MIN_CHECK_INS values. */
export function baselineOf(values: readonly (number | null | undefined)[]): Baseline | null {
  const present = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (present.length < BASELINE_MIN_CHECK_INS) return null;
  const mean = present.reduce((sum, value) => sum + value, 0) / present.length;
  const variance = present.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (present.length - 1);
  return { mean, sd: Math.sqrt(variance), count: present.length };
}

/** Today's value against a baseline; null without a value or a baseline. */
export function baselineDeviation(value: number | null | undefined, baseline: Baseline | null): BaselineDeviation | null {
  if (value === null || value === undefined || !baseline) return null;
  const difference = value - baseline.mean;
  const z = baseline.sd > 0 ? difference / baseline.sd : null;
  // A flat history (sd 0) flags any drop larger than a whole point, so a steady gamer's bad day is still seen.
  const below = z === null ? difference <= -1 : z < -BASELINE_DROP_Z;
  return { delta: Math.round(difference), z: z === null ? null : Math.round(z * 100) / 100, below };
}

/** A gamer's baselines of one score day, per score type and pillar (null where fewer than 7 check-ins gave a value). */
export type DayBaselines = Record<ScoreType, Baseline | null>;

/** Every score's baseline for `today` from the gamer's stored days (any days: those outside the window are ignored). */
export function memberBaselines(days: readonly MemberDay[], today: ScoreDay): DayBaselines {
  const { startDate, endDate } = baselineWindow(today);
  const inWindow = days.filter((day) => day.date >= startDate && day.date <= endDate);
  return Object.fromEntries(SCORE_TYPES.map((type) => [type, baselineOf(inWindow.map((day) => dayScoreValue(day, type)))])) as DayBaselines;
}
