import { simulateFgScore } from '../simulator';
import { fgScoreSeries } from './fg-score';
import { readinessTier, scoreLabel } from './labels';
import { buildMemberDay } from './member-day';

/** The worked example of docs/scoring.md: if this test changes, change the document with it. */
const ALEX_TODAY = [
  { questionSlug: 'sleep-hours', value: '6-7' },
  { questionSlug: 'sleep-quality', value: 'good' },
  { questionSlug: 'sleep-disturbance', value: 'noise' },
  { questionSlug: 'water-drink', value: '4-7-glasses' },
  { questionSlug: 'healthy-meals', value: 'two' },
  { questionSlug: 'fast-food', value: 'false' },
  { questionSlug: 'snacks', value: 'mixed' },
  { questionSlug: 'sugars', value: 'more than 30g' },
  { questionSlug: 'emotional-state', value: 'calm' },
  { questionSlug: 'focus', value: 'good' },
  { questionSlug: 'mindfulness-group', value: '0' },
  { questionSlug: 'breathwork-exercises', value: '1' },
  { questionSlug: 'activities', value: 'one' },
  { questionSlug: 'green-space-time', value: 'less-than-30-min' },
  { questionSlug: 'screen-time', value: '8-10' },
  { questionSlug: 'energy', value: 'good' },
  { questionSlug: 'pain', value: 'neck,wrist' },
  { questionSlug: 'quick-drills-group', value: 'some-breaks' },
  { questionSlug: 'gaming-today', value: 'true' },
  { questionSlug: 'game-performance', value: 'good' },
];

describe('docs/scoring.md worked example', () => {
  // Monday 70, Tuesday 80, Wednesday 90 with videos, Thursday missed, Friday = today's check-in above, with videos.
  const earlier = fgScoreSeries([
    { date: '2026-04-06', dailyScore: 70, watchedVideos: false },
    { date: '2026-04-07', dailyScore: 80, watchedVideos: false },
    { date: '2026-04-08', dailyScore: 90, watchedVideos: true },
  ]);
  const friday = buildMemberDay({ userId: 'alex', date: '2026-04-10', answers: ALEX_TODAY, previous: earlier.at(-1)!, watchedVideos: true });

  it('scores each pillar', () => {
    const table = Object.values(friday.pillars).map((p) => [
      p.pillarSlug,
      p.totalAnswers,
      p.totalQuestions,
      p.pureScore,
      p.completenessScore,
      p.score,
    ]);
    expect(table).toEqual([
      ['sleep', 3, 3, 75, 100, 75],
      ['nutrition', 5, 6, 66, 83, 55],
      ['mental', 4, 4, 59, 100, 59],
      ['lifestyle', 3, 3, 53, 100, 53],
      ['physical', 3, 4, 62, 75, 46],
    ]);
    expect(friday.avgCompletion).toBe(92);
  });

  it('gives the daily score, game readiness and game performance with their labels', () => {
    expect([friday.dailyScore, friday.gameReadiness, friday.gamePerformance]).toEqual([58, 60, 75]);
    expect(scoreLabel(friday.dailyScore)).toBe('Not Ideal');
    expect(readinessTier(friday.gameReadiness)).toBe('Moderately Ready');
    expect(scoreLabel(friday.gamePerformance)).toBe('Pretty Solid');
  });

  it('carries the fgScore through the week', () => {
    const week = simulateFgScore([
      { date: '2026-04-06', dailyScore: 70, watchedVideos: false },
      { date: '2026-04-07', dailyScore: 80, watchedVideos: false },
      { date: '2026-04-08', dailyScore: 90, watchedVideos: true },
      { date: '2026-04-10', dailyScore: 58, watchedVideos: true },
    ]);
    expect(week.days.map((day) => [day.date, day.weight, +day.average.toFixed(2), day.streak, +day.target.toFixed(2), day.fgScore])).toEqual([
      ['2026-04-06', 1, 70, 1, 80, 70],
      ['2026-04-07', 1 / 2, 75, 2, 80.67, 75],
      ['2026-04-08', 1 / 3, 80, 3, 81.33, 90],
      ['2026-04-09', 1 / 4, 60, 0, 80, 60],
      ['2026-04-10', 1 / 5, 59.6, 1, 80, 70],
    ]);
    expect(week).toMatchObject({ finalScore: 70, streak: 1 });
    expect(friday.fg).toEqual(week.days.at(-1));
  });

  it("after the ramp, moves the average 6% of the way to the day's score", () => {
    const days = fgScoreSeries(
      Array.from({ length: 17 }, (_, index) => ({
        date: `2026-05-${String(index + 1).padStart(2, '0')}`,
        dailyScore: index < 16 ? 80 : 100,
        watchedVideos: false,
      })),
    );
    expect(days.at(-1)).toMatchObject({ dayNumber: 17, weight: 0.06, streak: 17, target: 90, fgScore: 81 });
    expect(days.at(-1)!.average).toBeCloseTo(81.2, 9);
  });
});
