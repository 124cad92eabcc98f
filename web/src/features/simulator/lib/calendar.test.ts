import { dayAfterKey, longDayLabel, monthLabel, monthWeeks, shiftMonth } from './calendar';

describe('month grid', () => {
  it('lays a month out in Sunday-first weeks with empty cells around it', () => {
    // April 2026 starts on a Wednesday and has 30 days.
    const weeks = monthWeeks({ year: 2026, month: 4 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, null, null, '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']);
    expect(weeks[4]).toEqual(['2026-04-26', '2026-04-27', '2026-04-28', '2026-04-29', '2026-04-30', null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    // February 2026 starts on a Sunday: exactly four weeks.
    expect(monthWeeks({ year: 2026, month: 2 })).toHaveLength(4);
  });

  it('names months and days', () => {
    expect(monthLabel({ year: 2026, month: 4 })).toBe('April 2026');
    expect(longDayLabel('2026-04-12')).toBe('Sunday, April 12, 2026');
  });
});

describe('keyboard moves', () => {
  it('go by day, by week, to the ends of the week and by month', () => {
    const from = '2026-04-01'; // a Wednesday
    expect(dayAfterKey(from, 'ArrowLeft')).toBe('2026-03-31');
    expect(dayAfterKey(from, 'ArrowRight')).toBe('2026-04-02');
    expect(dayAfterKey(from, 'ArrowUp')).toBe('2026-03-25');
    expect(dayAfterKey(from, 'ArrowDown')).toBe('2026-04-08');
    expect(dayAfterKey(from, 'Home')).toBe('2026-03-29');
    expect(dayAfterKey(from, 'End')).toBe('2026-04-04');
    expect(dayAfterKey(from, 'PageUp')).toBe('2026-03-01');
    expect(dayAfterKey(from, 'PageDown')).toBe('2026-05-01');
    expect(dayAfterKey(from, 'a')).toBeNull();
  });

  it('keep the date when changing month, clamped to the shorter month', () => {
    expect(shiftMonth('2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftMonth('2028-01-31', 1)).toBe('2028-02-29');
    expect(shiftMonth('2026-01-15', -1)).toBe('2025-12-15');
    expect(shiftMonth('2025-12-31', 1)).toBe('2026-01-31');
  });
});
