import { MAIN_SCORE_TYPES, PILLAR_SLUGS, type ScoreType } from '@core/pillars';
import type { ScorePoint } from '@/components/charts/chart-data';
import type { MyScoreHistory } from '../api/my-scores';

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
