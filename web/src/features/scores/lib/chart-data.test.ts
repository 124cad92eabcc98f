import type { ScoreSeries } from '@/components/charts/chart-data';
import type { MyScoreHistory } from '../api/my-scores';
import { historySeries, isEmptyHistory } from './chart-data';

const window = { startDate: '2026-04-04', endDate: '2026-04-10' };
const series = (points: { date: string; value: number }[], pillars: ScoreSeries['perPillarScoreStatistics'] = []): ScoreSeries => ({
  ...window,
  mainScoreStatistics: points,
  perPillarScoreStatistics: pillars,
});

describe('history series', () => {
  const history: MyScoreHistory = {
    series: {
      fgScore: series([{ date: '2026-04-09', value: 66 }], [{ pillarSlug: 'sleep', points: [{ date: '2026-04-09', value: 75 }] }]),
      daily: series([{ date: '2026-04-09', value: 70 }]),
      gameReadiness: series([]),
      gamePerformance: null,
    },
  };

  it('lists the main scores, then every pillar (pillar points come with the fgScore statistics)', () => {
    const all = historySeries(history);
    expect(all.map((entry) => entry.type)).toEqual([
      'fgScore',
      'daily',
      'gameReadiness',
      'gamePerformance',
      'sleep',
      'nutrition',
      'mental',
      'lifestyle',
      'physical',
    ]);
    expect(all.find((entry) => entry.type === 'sleep')!.points).toEqual([{ date: '2026-04-09', value: 75 }]);
    expect(all.find((entry) => entry.type === 'gamePerformance')!.points).toEqual([]);
    expect(isEmptyHistory(history)).toBe(false);
  });

  it('is empty when no series has a point', () => {
    const none: MyScoreHistory = {
      series: { fgScore: series([]), daily: series([]), gameReadiness: series([]), gamePerformance: series([]) },
    };
    expect(isEmptyHistory(none)).toBe(true);
  });
});
