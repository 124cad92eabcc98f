import { type ScoreDay, shiftDay } from '@core/dates';
import { type Baseline, type BaselineDeviation, baselineDeviation, baselineOf, baselineWindow } from '@core/scoring/baseline';
import type { ScorePoint } from '@/components/charts/chart-data';

/** The score card's slice these rules read (schema.graphql Score). */
interface ScoreCard {
  /** The gamer's current score day. */
  date: ScoreDay;
  /** The fgScore now: today's once checked in, else yesterday's. */
  score: number | null;
  /** Today's daily score: null before today's check-in. */
  todayScore: number | null;
}

/** The score now against the gamer's own normal: the baseline (null below 7 check-ins) and the change (null without both). */
export interface ScoreAgainstBaseline {
  baseline: Baseline | null;
  deviation: BaselineDeviation | null;
  /** Check-ins in the baseline's 28 days, so the page can say how many more a baseline needs. */
  checkIns: number;
}

/**
 * The fgScore shown now against the 28 score days before the day it belongs to (docs/scoring.md, "Baselines on the
 * gamer's pages"): today's once checked in, else yesterday's (which is what the card shows then), so the score is never
 * compared with a window that holds itself. `history` is the fgScore's points of the days read (any window: those
 * outside the baseline's are left out).
 */
export function scoreAgainstBaseline(card: ScoreCard, history: readonly ScorePoint[]): ScoreAgainstBaseline {
  const scoreDay = card.todayScore !== null ? card.date : shiftDay(card.date, -1);
  const { startDate, endDate } = baselineWindow(scoreDay);
  const values = history.filter((point) => point.date >= startDate && point.date <= endDate).map((point) => point.value);
  const baseline = baselineOf(values);
  return { baseline, deviation: baselineDeviation(card.score, baseline), checkIns: values.length };
}

/**
 * The longest run of consecutive check-in days: the longest in `checkInDays` (the days read, each a day with a stored
 * check-in), or the current streak when longer (it may reach back before the days read). No best is stored; the days
 * read bound it (docs/scoring.md, "Baselines on the gamer's pages").
 */
export function bestStreak(currentStreak: number, checkInDays: readonly ScoreDay[]): number {
  const days = [...new Set(checkInDays)].sort();
  let best = 0;
  let run = 0;
  days.forEach((day, index) => {
    run = index > 0 && shiftDay(days[index - 1]!, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
  });
  return Math.max(best, currentStreak);
}
