import { daysOf, type DayWindow } from '@core/dates';
import { isPillarSlug, MAIN_SCORE_TYPES, PILLAR_SLUGS, pillarOf, type ScoreType } from '@core/pillars';
import { roundScore } from '@core/scoring';
import { formatScoreDay } from '@/lib/score-display';
import type { MyScoreHistory, ScorePoint } from '../api/my-scores';

/** The windows the My scores page offers (days ending today). */
export const SCORE_WINDOWS = [7, 30, 90] as const;
export type ScoreWindow = (typeof SCORE_WINDOWS)[number];

/** One chart row per day of the window; a day without a value stays null (no point is drawn, never a 0). */
export interface ChartRow {
  date: string;
  /** MM/dd, for the axis. */
  tick: string;
  value: number | null;
}

export function chartRows(window: DayWindow, points: readonly ScorePoint[]): ChartRow[] {
  const byDate = new Map(points.map((point) => [point.date, point.value]));
  return daysOf(window).map((date) => ({ date, tick: formatScoreDay(date).slice(0, 5), value: byDate.get(date) ?? null }));
}

export interface SeriesSummary {
  /** Days with a value. */
  count: number;
  latest: ScorePoint | null;
  /** Whole-number average of the days with a value. */
  average: number | null;
}

export function seriesSummary(points: readonly ScorePoint[]): SeriesSummary {
  const latest = points.reduce<ScorePoint | null>((last, point) => (!last || point.date > last.date ? point : last), null);
  const average = points.length ? roundScore(points.reduce((sum, point) => sum + point.value, 0) / points.length) : null;
  return { count: points.length, latest, average };
}

/** Every series the page draws, main scores first then pillars, with the points of each. */
export function historySeries(history: MyScoreHistory): { type: ScoreType; points: ScorePoint[] }[] {
  const pillarPoints = new Map(history.series.fgScore?.perPillarScoreStatistics.map((stat) => [stat.pillarSlug, stat.points]) ?? []);
  return [
    ...MAIN_SCORE_TYPES.map((type) => ({ type, points: history.series[type]?.mainScoreStatistics ?? [] })),
    ...PILLAR_SLUGS.map((type) => ({ type, points: pillarPoints.get(type) ?? [] })),
  ];
}

/** True when the window holds no score at all: the page shows its empty state instead of empty charts. */
export function isEmptyHistory(history: MyScoreHistory): boolean {
  return historySeries(history).every((series) => series.points.length === 0);
}

/** Line colours (SVG attributes take no CSS variables): pillars in their spec colours, main scores in colours apart from those. */
const MAIN_SCORE_COLOURS: Record<(typeof MAIN_SCORE_TYPES)[number], string> = {
  fgScore: '#2dd4bf',
  daily: '#cbd5e1',
  gameReadiness: '#facc15',
  gamePerformance: '#f472b6',
};

export function seriesColour(type: ScoreType): string {
  return isPillarSlug(type) ? pillarOf(type).colour.hex : MAIN_SCORE_COLOURS[type];
}
