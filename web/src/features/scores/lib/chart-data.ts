import type { ScoreType } from '@core/pillars';
import { mainAndPillarSeries, type ScorePoint } from '@/components/charts/chart-data';
import type { MyScoreHistory } from '../api/my-scores';

/** Every series the page draws, main scores first then pillars, with the points of each. */
export const historySeries = (history: MyScoreHistory): { type: ScoreType; points: ScorePoint[] }[] => mainAndPillarSeries(history.series);

/** True when the window holds no score at all: the page shows its empty state instead of empty charts. */
export function isEmptyHistory(history: MyScoreHistory): boolean {
  return historySeries(history).every((series) => series.points.length === 0);
}
