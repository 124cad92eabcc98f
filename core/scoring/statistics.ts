import type { DayWindow, ScoreDay } from '../dates';
import { PILLAR_SLUGS, type PillarSlug, type ScoreType } from '../pillars';
import { dayScoreValue } from './day-value';
import type { MemberDay } from './member-day';
import type { PillarScore } from './pillar';

/** Shapes of the score statistics, as schema.graphql gives them. Dates are score days; values whole numbers. */
export interface ScorePoint {
  date: ScoreDay;
  value: number;
  /** Set on points of a team's game-score series, which list each member's own points. */
  userId?: string;
}

export interface PillarScoreStatistics {
  pillarSlug: PillarSlug;
  points: ScorePoint[];
}

export interface ScoreStatistics {
  type: ScoreType;
  /** Number of points in mainScoreStatistics. */
  count: number;
  /** The requested score's points, oldest first; days without a value have no point. */
  mainScoreStatistics: ScorePoint[];
  /** Every pillar's score points, in pillar order. */
  perPillarScoreStatistics: PillarScoreStatistics[];
}

/** One row per pillar per day: the spec's "User score statistic" (without the storage id). */
export interface UserScoreStatistic extends PillarScore {
  date: ScoreDay;
  fgScore: number | null;
  gameReadiness: number | null;
}

export function isInWindow(date: ScoreDay, { startDate, endDate }: DayWindow): boolean {
  return date >= startDate && date <= endDate;
}

export function buildScoreStatistics(
  type: ScoreType,
  mainScoreStatistics: ScorePoint[],
  pointsOfPillar: (pillarSlug: PillarSlug) => ScorePoint[],
): ScoreStatistics {
  return {
    type,
    count: mainScoreStatistics.length,
    mainScoreStatistics,
    perPillarScoreStatistics: PILLAR_SLUGS.map((pillarSlug) => ({ pillarSlug, points: pointsOfPillar(pillarSlug) })),
  };
}

/** A gamer's statistics over a window (`myScoreStats`), from their stored days. */
export function userScoreStatistics(type: ScoreType, days: readonly MemberDay[], window: DayWindow): ScoreStatistics {
  const inWindow = days.filter((day) => isInWindow(day.date, window)).sort((a, b) => a.date.localeCompare(b.date));
  const pointsOf = (scoreType: ScoreType): ScorePoint[] =>
    inWindow.flatMap((day) => {
      const value = dayScoreValue(day, scoreType);
      return value === null ? [] : [{ date: day.date, value }];
    });
  return buildScoreStatistics(type, pointsOf(type), pointsOf);
}

export function userScoreStatisticRows(day: MemberDay): UserScoreStatistic[] {
  return PILLAR_SLUGS.map((slug) => ({
    ...day.pillars[slug],
    date: day.date,
    fgScore: day.fg?.fgScore ?? null,
    gameReadiness: day.gameReadiness,
  }));
}
