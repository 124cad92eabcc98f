import { presetWindow } from './date-range-presets';

describe('presetWindow', () => {
  it('gives the last 7 days, both ends included, for last week', () => {
    expect(presetWindow('last-week', '2026-11-22')).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
  });

  it('counts months back by the calendar, clamped to short months', () => {
    expect(presetWindow('last-month', '2026-11-22')).toEqual({ startDate: '2026-10-23', endDate: '2026-11-22' });
    expect(presetWindow('last-month', '2026-03-31')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(presetWindow('last-3-months', '2026-11-22')).toEqual({ startDate: '2026-08-23', endDate: '2026-11-22' });
    expect(presetWindow('last-year', '2024-02-29')).toEqual({ startDate: '2023-03-01', endDate: '2024-02-29' });
  });

  it('has no window for all time and custom', () => {
    expect(presetWindow('all-time', '2026-11-22')).toBeNull();
    expect(presetWindow('custom', '2026-11-22')).toBeNull();
  });
});
