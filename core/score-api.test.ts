import { resolveScoreWindow, scoreStatsArgsSchema, submitAnswersArgsSchema } from './score-api';

describe('score windows', () => {
  it.each([
    [{}, { startDate: '2026-04-04', endDate: '2026-04-10' }],
    [{ days: 1 }, { startDate: '2026-04-10', endDate: '2026-04-10' }],
    [{ endDate: '2026-03-31', days: 30 }, { startDate: '2026-03-02', endDate: '2026-03-31' }],
    [{ startDate: '2026-04-01' }, { startDate: '2026-04-01', endDate: '2026-04-10' }],
    [{ startDate: '2025-04-10', endDate: '2026-04-10' }, { startDate: '2025-04-10', endDate: '2026-04-10' }],
  ])('%j on 2026-04-10 is %j', (args, window) => {
    expect(resolveScoreWindow(args, '2026-04-10')).toEqual({ window });
  });

  it.each([
    [{ startDate: '2026-04-11' }, 'startDate must not be after endDate.'],
    [{ startDate: '2025-04-09', endDate: '2026-04-10' }, 'A window spans at most 366 days.'],
    [{ startDate: '2026-04-01', days: 2 }, 'Give startDate or days, not both.'],
  ])('refuses %j', (args, problem) => {
    expect(resolveScoreWindow(args, '2026-04-10')).toEqual({ problem });
  });

  it('defaults the score type to the overall score and names bad fields', () => {
    expect(scoreStatsArgsSchema.parse({}).type).toBe('fgScore');
    expect(scoreStatsArgsSchema.safeParse({ endDate: '2026-13-01' }).error?.issues[0].message).toBe('endDate must be a real date in the form YYYY-MM-DD.');
    expect(scoreStatsArgsSchema.safeParse({ days: 0 }).error?.issues[0].message).toBe('days must be at least 1.');
  });

  it('checks a submission’s answers, videos flag and zone together', () => {
    expect(submitAnswersArgsSchema.parse({ answers: [{ questionSlug: 'pain', value: 'wrist,back' }], watchedVideos: true, timeZone: 'Asia/Tokyo' })).toEqual({
      answers: [{ questionSlug: 'pain', value: 'back,wrist' }],
      watchedVideos: true,
      timeZone: 'Asia/Tokyo',
    });
  });
});
