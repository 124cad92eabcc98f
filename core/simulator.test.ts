import { z } from 'zod';
import { simulateFgScore, simulatorDaySchema } from './simulator';

describe('score simulator', () => {
  it('shows the final score and streak of the last picked day, counting unpicked days in between as missed', () => {
    const result = simulateFgScore([
      { date: '2026-04-03', dailyScore: 90, watchedVideos: true },
      { date: '2026-04-01', dailyScore: 70, watchedVideos: false },
      { date: '2026-04-02', dailyScore: 80, watchedVideos: false },
      { date: '2026-04-05', dailyScore: 58, watchedVideos: true },
    ]);
    expect(result.days.map((day) => [day.date, day.fgScore, day.streak])).toEqual([
      ['2026-04-01', 70, 1],
      ['2026-04-02', 75, 2],
      ['2026-04-03', 90, 3],
      ['2026-04-04', 60, 0],
      ['2026-04-05', 70, 1],
    ]);
    expect(result).toMatchObject({ finalScore: 70, streak: 1 });
  });

  it('has no score and no streak before any day is picked (Reset All Days)', () => {
    expect(simulateFgScore([])).toEqual({ days: [], finalScore: null, streak: 0 });
  });

  it('accepts whole daily scores from 0 to 100 only', () => {
    const messages = (days: unknown) => {
      const result = z.array(simulatorDaySchema).safeParse(days);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(
      messages([
        { date: '2026-04-01', dailyScore: 0, watchedVideos: false },
        { date: '2026-04-02', dailyScore: 100, watchedVideos: true },
      ]),
    ).toEqual([]);
    expect(messages([{ date: '2026-04-01', dailyScore: 101, watchedVideos: false }])).toEqual(['The daily score cannot be above 100.']);
    expect(messages([{ date: '2026-04-01', dailyScore: -1, watchedVideos: false }])).toEqual(['The daily score cannot be below 0.']);
    expect(messages([{ date: '2026-04-01', dailyScore: 5.5, watchedVideos: false }])).toEqual(['Enter a whole number from 0 to 100.']);
  });
});
