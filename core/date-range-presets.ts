/**
 * The date-range presets of the admin reports (docs/billing.md, "The pages"): custom, last week (7 days), last month,
 * last 3 months, last year, all time. Each gives the days from `startDate` to `endDate`, both included; all time gives
 * none (no bound), custom keeps what the user picked.
 */
import { type DayWindow, type ScoreDay, shiftDay } from './dates';

export const DATE_RANGE_PRESETS = [
  { id: 'custom', label: 'Custom' },
  { id: 'last-week', label: 'Last week' },
  { id: 'last-month', label: 'Last month' },
  { id: 'last-3-months', label: 'Last 3 months' },
  { id: 'last-year', label: 'Last year' },
  { id: 'all-time', label: 'All time' },
] as const;

export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number]['id'];

/** The first day the product holds data for: "all time" starts here where an API needs a start date. */
export const ALL_TIME_START: ScoreDay = '2020-01-01';

/** Calendar months back from a day, clamped to the month's length (31 March minus a month is 28 or 29 February). */
function monthsBefore(day: ScoreDay, months: number): ScoreDay {
  const [year, month, date] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDate = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDate));
  return target.toISOString().slice(0, 10);
}

/** The window a preset means on `today`; null for all time and for custom (the caller's own days). */
export function presetWindow(preset: DateRangePreset, today: ScoreDay): DayWindow | null {
  switch (preset) {
    case 'last-week':
      return { startDate: shiftDay(today, -6), endDate: today };
    case 'last-month':
      return { startDate: shiftDay(monthsBefore(today, 1), 1), endDate: today };
    case 'last-3-months':
      return { startDate: shiftDay(monthsBefore(today, 3), 1), endDate: today };
    case 'last-year':
      return { startDate: shiftDay(monthsBefore(today, 12), 1), endDate: today };
    default:
      return null;
  }
}
