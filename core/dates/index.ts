import { getISOWeek, getISOWeekYear } from 'date-fns';
import { BoundedCache } from '../bounded-cache';

/**
 * Score days (docs/scoring.md, "The score day"). A score day runs from 04:00 to 04:00 on the gamer's own wall clock, so
 * an answer at 03:59 belongs to the day before. The gamer's clock is what they expect ("today" is the day they live
 * in), and using wall-clock time keeps 4 am at 4 am on daylight-saving days (such a day is then 23 or 25 hours long).
 * Days are stored as `YYYY-MM-DD`; arithmetic on them is plain calendar arithmetic, independent of any time zone.
 */
const DAY_BOUNDARY_HOUR = 4;
export const DEFAULT_TIME_ZONE = 'UTC';
export const DEFAULT_WINDOW_DAYS = 7;
/** The longest window of days the score API answers for. */
export const MAX_WINDOW_DAYS = 366;

/** A score day, `YYYY-MM-DD`. */
export type ScoreDay = string;
export interface DayWindow {
  startDate: ScoreDay;
  endDate: ScoreDay;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

export function isScoreDay(value: unknown): value is ScoreDay {
  const match = typeof value === 'string' ? DAY_PATTERN.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** IANA names are at most about 30 characters; anything far longer is not a zone. */
export const MAX_TIME_ZONE_LENGTH = 64;
/** Zones in use at once are few (one per gamer's region); the bounds keep hostile spellings from growing memory. */
export const TIME_ZONE_CACHE_SIZE = 64;

// Zone names as typed -> the runtime's canonical spelling; zone names are case-insensitive ("europe/berlin").
const canonicalNames = new BoundedCache<string, string>(TIME_ZONE_CACHE_SIZE);
const formatters = new BoundedCache<string, Intl.DateTimeFormat>(TIME_ZONE_CACHE_SIZE);

/** The canonical spelling of an IANA zone (`europe/BERLIN` -> `Europe/Berlin`), or null when it is not a zone. */
export function canonicalTimeZone(timeZone: unknown): string | null {
  if (typeof timeZone !== 'string' || timeZone === '' || timeZone.length > MAX_TIME_ZONE_LENGTH) return null;
  const known = canonicalNames.get(timeZone);
  if (known) return known;
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    canonicalNames.set(timeZone, canonical);
    return canonical;
  } catch {
    return null;
  }
}

export function isValidTimeZone(timeZone: unknown): timeZone is string {
  return canonicalTimeZone(timeZone) !== null;
}

/** The zone stored on the user in its canonical spelling, or UTC when it is missing or not an IANA zone this runtime knows. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  return canonicalTimeZone(timeZone) ?? DEFAULT_TIME_ZONE;
}

/** How many zone formatters are cached (bounded by TIME_ZONE_CACHE_SIZE). */
export function cachedFormatterCount(): number {
  return formatters.size;
}

/** Formatters are cached per canonical zone: callers pass zones through resolveTimeZone first. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The formatter's reading of an instant in a zone, to the second, expressed as if that reading were UTC (ms since epoch). */
function formattedWallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/**
 * From this instant on, every zone's offset is whole minutes and changes only at the start of a UTC minute, so one
 * reading per zone and minute gives the offset for the whole minute. The last exception in the runtime's zone data
 * (tz 2025c): Liberia left -0:44:30 for GMT at 00:44:30 UTC on 1972-01-07. Earlier instants are read every time.
 */
const WHOLE_MINUTE_CHANGES_FROM_MS = Date.UTC(1972, 0, 8);
/** The score day's instants of a morning rush fall in a few minutes per zone and day; the bound keeps memory flat. */
const OFFSET_CACHE_SIZE = 4096;
// "<UTC minute> <zone>" -> the zone's offset (wall clock minus instant, whole seconds) throughout that minute.
const offsets = new BoundedCache<string, number>(OFFSET_CACHE_SIZE);

/** Wall-clock reading of an instant in a zone, to the second, expressed as if that reading were UTC (ms since epoch). */
export function wallClockMs(instantMs: number, timeZone: string): number {
  if (instantMs < WHOLE_MINUTE_CHANGES_FROM_MS) return formattedWallClockMs(instantMs, timeZone);
  const second = instantMs - (instantMs % 1000);
  const key = `${Math.floor(instantMs / 60_000)} ${timeZone}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = formattedWallClockMs(instantMs, timeZone) - second;
    offsets.set(key, offset);
  }
  return second + offset;
}

function toInstantMs(instant: Date | number | string): number {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`Not a valid instant: ${String(instant)}`);
  return ms;
}

function dayOfUtcMs(ms: number): ScoreDay {
  return new Date(ms).toISOString().slice(0, 10);
}

function assertScoreDay(day: ScoreDay): void {
  if (!isScoreDay(day)) throw new RangeError(`Not a score day (YYYY-MM-DD): ${day}`);
}

function utcMsOfDay(day: ScoreDay): number {
  assertScoreDay(day);
  return Date.parse(`${day}T00:00:00Z`);
}

/** The score day an instant belongs to for a gamer in `timeZone` (unknown zones count as UTC). */
export function scoreDayOf(instant: Date | number | string, timeZone?: string | null): ScoreDay {
  const wall = wallClockMs(toInstantMs(instant), resolveTimeZone(timeZone));
  return dayOfUtcMs(wall - DAY_BOUNDARY_HOUR * 3_600_000);
}

/** The instant a wall-clock time occurs in a zone; a time skipped by a clock change moves forward by the gap's length. */
function instantOfWallClock(wallMs: number, timeZone: string): number {
  const firstGuess = wallMs - (wallClockMs(wallMs, timeZone) - wallMs);
  const offset = wallClockMs(firstGuess, timeZone) - firstGuess;
  const candidate = wallMs - offset;
  return wallClockMs(candidate, timeZone) === wallMs ? candidate : Math.max(candidate, firstGuess);
}

/**
 * The first instant after `after` at which the clock in `timeZone` reads `hour`:00 (reminders, docs/reminders.md); an
 * hour skipped by a clock change comes at the end of the gap.
 */
export function nextWallClockHour(hour: number, timeZone: string | null | undefined, after: Date): Date {
  const zone = resolveTimeZone(timeZone);
  const from = after.getTime();
  const today = utcMsOfDay(dayOfUtcMs(wallClockMs(from, zone)));
  for (let day = -1; ; day += 1) {
    const instant = instantOfWallClock(today + day * MS_PER_DAY + hour * 3_600_000, zone);
    if (instant > from) return new Date(instant);
  }
}

/** When a score day starts and ends (exclusive), as instants: 04:00 local on `day` and on the day after. */
export function scoreDayBounds(day: ScoreDay, timeZone?: string | null): { start: Date; end: Date } {
  const zone = resolveTimeZone(timeZone);
  const boundary = utcMsOfDay(day) + DAY_BOUNDARY_HOUR * 3_600_000;
  return {
    start: new Date(instantOfWallClock(boundary, zone)),
    end: new Date(instantOfWallClock(boundary + MS_PER_DAY, zone)),
  };
}

export function shiftDay(day: ScoreDay, days: number): ScoreDay {
  return dayOfUtcMs(utcMsOfDay(day) + days * MS_PER_DAY);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: ScoreDay, to: ScoreDay): number {
  return Math.round((utcMsOfDay(to) - utcMsOfDay(from)) / MS_PER_DAY);
}

/** Every day from `startDate` to `endDate`, both included; empty when the window is reversed. */
export function daysOf({ startDate, endDate }: DayWindow): ScoreDay[] {
  const count = daysBetween(startDate, endDate) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => shiftDay(startDate, index));
}

/** The `days` days ending at `endDate`: 7 days ending today start today minus 6 (the default score window). */
export function lastNDays(endDate: ScoreDay, days: number = DEFAULT_WINDOW_DAYS): DayWindow {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`A window has at least one day, got ${days}`);
  return { startDate: shiftDay(endDate, -(days - 1)), endDate };
}

/** ISO-8601 week of a score day (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekOf(day: ScoreDay): { year: number; week: number } {
  assertScoreDay(day);
  const [year, month, date] = day.split('-').map(Number);
  const local = new Date(year, month - 1, date, 12);
  return { year: getISOWeekYear(local), week: getISOWeek(local) };
}
