import { bestStreak, scoreAgainstBaseline } from './score-now';

/** fgScore points on the given days before 2026-04-30 (1 = the day before), each with its value. */
const pointsBefore = (values: Record<number, number>) =>
  Object.entries(values).map(([daysBefore, value]) => {
    const date = new Date(Date.UTC(2026, 3, 30 - Number(daysBefore)));
    return { date: date.toISOString().slice(0, 10), value };
  });

const week = { 1: 70, 2: 72, 3: 68, 4: 70, 5: 74, 6: 66, 7: 70 }; // mean 70

describe('scoreAgainstBaseline', () => {
  it("compares today's score, once checked in, with the 28 days before today", () => {
    const result = scoreAgainstBaseline({ date: '2026-04-30', score: 77, todayScore: 80 }, pointsBefore(week));
    expect(result.baseline?.mean).toBe(70);
    expect(result.deviation).toMatchObject({ delta: 7, below: false });
    expect(result.checkIns).toBe(7);
  });

  it("before today's check-in compares yesterday's score with the 28 days before yesterday (not with itself)", () => {
    // Yesterday's 58 is the score shown; its window is the 28 days before it: 2..29 days before today.
    const history = pointsBefore({ ...week, 1: 58, 8: 70, 29: 70, 30: 10 });
    const result = scoreAgainstBaseline({ date: '2026-04-30', score: 58, todayScore: null }, history);
    expect(result.checkIns).toBe(8); // days 2..8 and 29; day 1 (yesterday itself) and day 30 left out
    expect(result.deviation?.below).toBe(true);
  });

  it('has no baseline below 7 check-ins, and says how many it has', () => {
    const result = scoreAgainstBaseline({ date: '2026-04-30', score: 77, todayScore: 80 }, pointsBefore({ 1: 70, 2: 72, 3: 68 }));
    expect(result).toEqual({ baseline: null, deviation: null, checkIns: 3 });
  });

  it('leaves out days older than 28 days before the score', () => {
    const result = scoreAgainstBaseline(
      { date: '2026-04-30', score: 77, todayScore: 80 },
      pointsBefore({ 29: 1, 30: 1, 31: 1, 40: 1, 50: 1, 60: 1, 70: 1 }),
    );
    expect(result.checkIns).toBe(0);
  });
});

describe('bestStreak', () => {
  it('is the longest run of consecutive check-in days read', () => {
    expect(bestStreak(1, ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-05', '2026-04-30'])).toBe(3);
  });

  it('runs across a month end, and counts a day listed twice once', () => {
    expect(bestStreak(0, ['2026-03-31', '2026-04-01', '2026-04-01', '2026-04-02'])).toBe(3);
  });

  it('is the current streak when that is longer (it reaches back before the days read)', () => {
    expect(bestStreak(120, ['2026-04-29', '2026-04-30'])).toBe(120);
    expect(bestStreak(0, [])).toBe(0);
  });
});
