import { daysBetween, type ScoreDay, shiftDay } from '../dates';
import { FG_DAILY_WEIGHT, FG_TARGET_MAX, FG_TARGET_START, FG_TARGET_STEP, FG_VIDEO_BONUS, roundScore } from './constants';

/**
 * The overall fgScore, one step per calendar day (docs/scoring.md, "The overall score (fgScore)"), as interpreted here:
 * 1. Running average: on the gamer's n-th day (counted in calendar days from their first check-in) the day's daily score
 *    enters the average with weight max(6%, 1/n): a plain average of all days while that is 1/n (the weight ramp, days
 *    1..16), then 6% a day, older days fading by 6% a day, so the average mostly reflects the last 15 or so days.
 *    A day without a check-in enters as 0.
 * 2. Target: the ceiling for the average, 80 on the first day of a streak, +10/15 (about 0.667) for each further
 *    consecutive day, 90 from the 16th day on; a day without a check-in has streak 0 and target 80.
 * 3. fgScore = round(min(average, target)) + 10 if videos were watched that day: at most 90 + 10.
 * The average stays unrounded in the state so rounding never accumulates.
 */
export interface FgDayInput {
  date: ScoreDay;
  /** The day's (whole-number) daily score, or null when the gamer did not check in. */
  dailyScore: number | null;
  watchedVideos: boolean;
}

export interface FgState {
  date: ScoreDay;
  /** Calendar days since the first check-in, 1 on that day. */
  dayNumber: number;
  checkedIn: boolean;
  watchedVideos: boolean;
  /** Weight the day's daily score had in the average. */
  weight: number;
  /** Running average, unrounded. */
  average: number;
  /** Consecutive check-in days ending at this day; 0 when this day had no check-in. */
  streak: number;
  /** Ceiling of the average on this day, unrounded. */
  target: number;
  fgScore: number;
}

export function fgWeight(dayNumber: number): number {
  return Math.max(FG_DAILY_WEIGHT, 1 / dayNumber);
}

export function fgTarget(streak: number): number {
  return Math.min(FG_TARGET_MAX, FG_TARGET_START + FG_TARGET_STEP * Math.max(0, streak - 1));
}

function step(previous: FgState | null, day: FgDayInput): FgState {
  const dayNumber = previous ? previous.dayNumber + 1 : 1;
  const weight = fgWeight(dayNumber);
  const checkedIn = day.dailyScore !== null;
  const average = (previous?.average ?? 0) * (1 - weight) + weight * (day.dailyScore ?? 0);
  const streak = checkedIn ? (previous?.streak ?? 0) + 1 : 0;
  const target = fgTarget(streak);
  const fgScore = roundScore(Math.min(average, target)) + (day.watchedVideos ? FG_VIDEO_BONUS : 0);
  return { date: day.date, dayNumber, checkedIn, watchedVideos: day.watchedVideos, weight, average, streak, target, fgScore };
}

const missedDay = (date: ScoreDay): FgDayInput => ({ date, dailyScore: null, watchedVideos: false });

/** The states of the missed days after `previous` and before `date`. */
function missedDaysBetween(previous: FgState, date: ScoreDay): FgState[] {
  const states: FgState[] = [];
  for (let day = shiftDay(previous.date, 1); day < date; day = shiftDay(day, 1)) {
    states.push(step(states.at(-1) ?? previous, missedDay(day)));
  }
  return states;
}

/**
 * The state after `day`, from the state of an EARLIER day (the gamer's last stored day before it, or null if none):
 * the days in between count as missed. Recomputing a day that changed therefore starts again from the day before.
 * Null while the gamer has never checked in.
 */
export function advanceFgState(previous: FgState | null, day: FgDayInput): FgState | null {
  if (!previous) return day.dailyScore === null ? null : step(null, day);
  if (daysBetween(previous.date, day.date) < 1) {
    throw new RangeError(`advanceFgState needs an earlier state: ${previous.date} is not before ${day.date}`);
  }
  return step(missedDaysBetween(previous, day.date).at(-1) ?? previous, day);
}

/** The state on `date` (not before `previous.date`) when nothing happened after `previous`: later days count as missed. */
export function fgStateAsOf(previous: FgState, date: ScoreDay): FgState {
  return previous.date === date ? previous : advanceFgState(previous, missedDay(date))!;
}

/**
 * One state per calendar day from the first check-in to the last input day. Inputs may come in any order and skip
 * days (those count as missed); a later input for the same date replaces an earlier one.
 */
export function fgScoreSeries(days: readonly FgDayInput[]): FgState[] {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const ordered = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  const series: FgState[] = [];
  for (const day of ordered) {
    const previous = series.at(-1) ?? null;
    if (previous) series.push(...missedDaysBetween(previous, day.date));
    const next = previous ? step(series.at(-1)!, day) : advanceFgState(null, day);
    if (next) series.push(next);
  }
  return series;
}
