import type { MyScoreHistory, ScoreSeries } from '../api/my-scores';
import { chartRows, historySeries, isEmptyHistory, seriesColour, seriesSummary } from './chart-data';

const window = { startDate: '2026-04-04', endDate: '2026-04-10' };
const series = (points: { date: string; value: number }[], pillars: ScoreSeries['perPillarScoreStatistics'] = []): ScoreSeries => ({
  ...window,
  mainScoreStatistics: points,
  perPillarScoreStatistics: pillars,
});

describe('chart rows', () => {
  it('have one row per day of the window; a day without a score stays empty, never 0', () => {
    const rows = chartRows(window, [
      { date: '2026-04-05', value: 70 },
      { date: '2026-04-10', value: 0 },
    ]);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual({ date: '2026-04-04', tick: '04/04', value: null });
    expect(rows[1]!.value).toBe(70);
    expect(rows[6]!.value).toBe(0);
  });
});

describe('series summary', () => {
  it('gives the latest point, the whole-number average and the count', () => {
    expect(
      seriesSummary([
        { date: '2026-04-06', value: 71 },
        { date: '2026-04-08', value: 80 },
        { date: '2026-04-07', value: 60 },
      ]),
    ).toEqual({ count: 3, latest: { date: '2026-04-08', value: 80 }, average: 70 });
    expect(seriesSummary([])).toEqual({ count: 0, latest: null, average: null });
  });
});

describe('history series', () => {
  const history: MyScoreHistory = {
    score: null,
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
      score: null,
      series: { fgScore: series([]), daily: series([]), gameReadiness: series([]), gamePerformance: series([]) },
    };
    expect(isEmptyHistory(none)).toBe(true);
  });

  it('draws pillars in their spec colours and the main scores apart from them', () => {
    expect(seriesColour('sleep')).toBe('#a855f7');
    expect(seriesColour('physical')).toBe('#f97316');
    const pillarColours = ['sleep', 'nutrition', 'mental', 'lifestyle', 'physical'].map((slug) => seriesColour(slug as 'sleep'));
    const mainColours = (['fgScore', 'daily', 'gameReadiness', 'gamePerformance'] as const).map(seriesColour);
    expect(new Set([...pillarColours, ...mainColours]).size).toBe(9);
  });
});
