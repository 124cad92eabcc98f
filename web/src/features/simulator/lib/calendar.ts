import { type ScoreDay, shiftDay } from '@core/dates';

/**
 * The simulator's month grid (weeks start on Sunday, as US calendars do) and its keyboard moves, after the WAI-ARIA
 * date-grid pattern: arrows by day and week, Home/End to the week's ends, PageUp/PageDown by month.
 */
export interface Month {
  year: number;
  /** 1..12 */
  month: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

function dayOf(year: number, month: number, date: number): ScoreDay {
  return `${year}-${pad(month)}-${pad(date)}`;
}

export function monthOf(day: ScoreDay): Month {
  const [year, month] = day.split('-').map(Number);
  return { year: year!, month: month! };
}

function daysInMonth({ year, month }: Month): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Sunday. */
function weekdayOf(day: ScoreDay): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

function addMonths({ year, month }: Month, months: number): Month {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The same date in another month, clamped to that month's length (Jan 31 + 1 month = Feb 28/29). */
export function shiftMonth(day: ScoreDay, months: number): ScoreDay {
  const target = addMonths(monthOf(day), months);
  const date = Math.min(Number(day.slice(8)), daysInMonth(target));
  return dayOf(target.year, target.month, date);
}

/** The month's weeks, Sunday first; cells outside the month are null. */
export function monthWeeks(month: Month): (ScoreDay | null)[][] {
  const first = dayOf(month.year, month.month, 1);
  const cells: (ScoreDay | null)[] = [
    ...Array.from({ length: weekdayOf(first) }, () => null),
    ...Array.from({ length: daysInMonth(month) }, (_, index) => dayOf(month.year, month.month, index + 1)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Where focus goes from `day` on a key press; null for keys the grid does not handle. */
export function dayAfterKey(day: ScoreDay, key: string): ScoreDay | null {
  switch (key) {
    case 'ArrowLeft':
      return shiftDay(day, -1);
    case 'ArrowRight':
      return shiftDay(day, 1);
    case 'ArrowUp':
      return shiftDay(day, -7);
    case 'ArrowDown':
      return shiftDay(day, 7);
    case 'Home':
      return shiftDay(day, -weekdayOf(day));
    case 'End':
      return shiftDay(day, 6 - weekdayOf(day));
    case 'PageUp':
      return shiftMonth(day, -1);
    case 'PageDown':
      return shiftMonth(day, 1);
    default:
      return null;
  }
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

export function monthLabel({ year, month }: Month): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** "Sunday, April 12, 2026" */
export function longDayLabel(day: ScoreDay): string {
  const { year, month } = monthOf(day);
  return `${WEEKDAYS[weekdayOf(day)][1]}, ${MONTH_NAMES[month - 1]} ${Number(day.slice(8))}, ${year}`;
}

/** The browser's calendar date today. */
export function localToday(now = new Date()): ScoreDay {
  return dayOf(now.getFullYear(), now.getMonth() + 1, now.getDate());
}
