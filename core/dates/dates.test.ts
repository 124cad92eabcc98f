import fc from 'fast-check';
import {
  cachedFormatterCount,
  canonicalTimeZone,
  daysBetween,
  daysOf,
  isoWeekOf,
  isScoreDay,
  lastNDays,
  resolveTimeZone,
  scoreDayBounds,
  scoreDayOf,
  shiftDay,
  TIME_ZONE_CACHE_SIZE,
  wallClockMs,
} from './';
import { timeZoneSchema } from './validation';

describe("score day (a day ends at 4 am on the gamer's clock)", () => {
  it.each([
    // UTC and the default for unknown zones
    ['2026-05-10T03:59:59Z', 'UTC', '2026-05-09'],
    ['2026-05-10T04:00:00Z', 'UTC', '2026-05-10'],
    ['2026-05-10T03:59:00Z', 'Not/AZone', '2026-05-09'],
    ['2026-05-10T03:59:00Z', undefined, '2026-05-09'],
    // New York, spring forward on 2026-03-08 (02:00 EST -> 03:00 EDT)
    ['2026-03-08T08:30:00Z', 'America/New_York', '2026-03-08'], // 04:30 EDT, though 4 elapsed hours earlier it was 23:30 on the 7th
    ['2026-03-08T07:59:00Z', 'America/New_York', '2026-03-07'], // 03:59 EDT
    ['2026-03-08T08:00:00Z', 'America/New_York', '2026-03-08'], // 04:00 EDT
    ['2026-03-08T06:59:00Z', 'America/New_York', '2026-03-07'], // 01:59 EST
    // New York, fall back on 2026-11-01 (02:00 EDT -> 01:00 EST)
    ['2026-11-01T08:59:00Z', 'America/New_York', '2026-10-31'], // 03:59 EST
    ['2026-11-01T09:00:00Z', 'America/New_York', '2026-11-01'], // 04:00 EST
    ['2026-11-01T07:59:00Z', 'America/New_York', '2026-10-31'], // 02:59 EST
    // Berlin, spring forward on 2026-03-29 and fall back on 2026-10-25
    ['2026-03-29T01:59:00Z', 'Europe/Berlin', '2026-03-28'], // 03:59 CEST
    ['2026-03-29T02:00:00Z', 'Europe/Berlin', '2026-03-29'], // 04:00 CEST
    ['2026-10-25T02:59:00Z', 'Europe/Berlin', '2026-10-24'], // 03:59 CET
    ['2026-10-25T03:00:00Z', 'Europe/Berlin', '2026-10-25'], // 04:00 CET
    // A date line away
    ['2026-05-09T15:59:00Z', 'Pacific/Auckland', '2026-05-09'], // 03:59 on the 10th local
    ['2026-05-09T16:00:00Z', 'Pacific/Auckland', '2026-05-10'],
  ])('%s in %s belongs to %s', (instant, zone, day) => {
    expect(scoreDayOf(instant, zone)).toBe(day);
  });

  it('makes the day before a spring-forward 23 hours and before a fall-back 25 hours long', () => {
    const hours = (day: string, zone: string) => {
      const { start, end } = scoreDayBounds(day, zone);
      return (end.getTime() - start.getTime()) / 3_600_000;
    };
    expect(hours('2026-03-07', 'America/New_York')).toBe(23);
    expect(hours('2026-10-31', 'America/New_York')).toBe(25);
    expect(hours('2026-03-28', 'Europe/Berlin')).toBe(23);
    expect(hours('2026-10-24', 'Europe/Berlin')).toBe(25);
    expect(hours('2026-06-01', 'Europe/Berlin')).toBe(24);
    expect(scoreDayBounds('2026-03-08', 'America/New_York').start.toISOString()).toBe('2026-03-08T08:00:00.000Z');
  });

  it('puts every instant inside the bounds of its own score day, in every zone and across clock changes', () => {
    const zones = ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe', 'Pacific/Chatham'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }), fc.constantFrom(...zones), (instant, zone) => {
        const day = scoreDayOf(instant, zone);
        const { start, end } = scoreDayBounds(day, zone);
        expect(start.getTime()).toBeLessThanOrEqual(instant);
        expect(instant).toBeLessThan(end.getTime());
        expect(scoreDayOf(start, zone)).toBe(day);
        expect(scoreDayOf(end.getTime() - 1, zone)).toBe(day);
        expect(scoreDayOf(end, zone)).toBe(shiftDay(day, 1));
      }),
      { numRuns: 500 },
    );
  });

  it('counts unknown or missing zones as UTC', () => {
    expect(resolveTimeZone(null)).toBe('UTC');
    expect(resolveTimeZone('Mars/Olympus')).toBe('UTC');
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
  });
});

describe('day windows', () => {
  it('makes the default 7-day window run from today minus 6 to today', () => {
    expect(lastNDays('2026-03-02')).toEqual({ startDate: '2026-02-24', endDate: '2026-03-02' });
    expect(daysOf(lastNDays('2026-03-02'))).toHaveLength(7);
    expect(lastNDays('2026-03-02', 1)).toEqual({ startDate: '2026-03-02', endDate: '2026-03-02' });
  });

  it('does calendar arithmetic on YYYY-MM-DD across month, leap-day and year ends', () => {
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysOf({ startDate: '2026-03-07', endDate: '2026-03-09' })).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(daysOf({ startDate: '2026-03-09', endDate: '2026-03-07' })).toEqual([]);
  });

  it('recognises only real dates as score days', () => {
    expect(isScoreDay('2026-02-29')).toBe(false);
    expect(isScoreDay('2028-02-29')).toBe(true);
    expect(isScoreDay('2026-3-1')).toBe(false);
  });

  it('gives ISO week numbers', () => {
    expect(isoWeekOf('2026-01-01')).toEqual({ year: 2026, week: 1 });
    expect(isoWeekOf('2027-01-01')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2026-03-09')).toEqual({ year: 2026, week: 11 });
  });
});

describe('time-zone names and the formatter cache', () => {
  const randomCase = (text: string, seed: number) =>
    [...text].map((char, index) => ((seed >> (index % 20)) & 1 ? char.toUpperCase() : char.toLowerCase())).join('');

  it('keeps one formatter for every letter case of one zone, and gives the day of the canonical zone', () => {
    const before = cachedFormatterCount();
    const days = new Set<string>();
    for (let seed = 0; seed < 500; seed += 1) {
      // Kathmandu is UTC+05:45 and no other test here uses it, so its formatter is not cached yet.
      days.add(scoreDayOf('2026-05-09T22:15:00Z', randomCase('Asia/Kathmandu', seed)));
    }
    expect(days).toEqual(new Set(['2026-05-10']));
    expect(cachedFormatterCount() - before).toBe(1);
  });

  it('never caches more formatters than its bound, whatever zones arrive', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) scoreDayOf('2026-05-10T12:00:00Z', zone);
    expect(Intl.supportedValuesOf('timeZone').length).toBeGreaterThan(TIME_ZONE_CACHE_SIZE);
    expect(cachedFormatterCount()).toBe(TIME_ZONE_CACHE_SIZE);
  });

  it('spells zones canonically and refuses what is not a zone', () => {
    expect(canonicalTimeZone('europe/BERLIN')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Not/AZone')).toBeNull();
    expect(canonicalTimeZone(`Europe/${'x'.repeat(100_000)}`)).toBeNull();
    expect(timeZoneSchema.parse('america/new_york')).toBe('America/New_York');
    expect(timeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
  });
});

describe('the wall clock, read once per zone and minute', () => {
  const MINUTE = 60_000;
  /** The reading straight from a fresh formatter, to the second, as wallClockMs expresses it. */
  const formatted = (instant: number, zone: string) => {
    const reading = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant));
    const part = (type: string) => Number(reading.find((one) => one.type === type)!.value);
    return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  };
  const offsetAt = (instant: number, zone: string) => formatted(instant, zone) - (instant - (instant % 1000));

  // Each minute is read late in the minute first, so a reading kept for a minute it does not fit shows up.
  const WITHIN_MINUTE = [59_999, 0, 30_000, 1, 45_500];
  /** Every instant of the minutes around `change` (from WITHIN_MINUTE), read as wallClockMs and as the formatter reads it. */
  const readingsAround = (zone: string, change: number, minutes = 120) =>
    Array.from({ length: 2 * minutes }, (_, index) => change + (index - minutes) * MINUTE).flatMap((minute) =>
      WITHIN_MINUTE.map((within) => {
        const instant = minute + within;
        return { instant: new Date(instant).toISOString(), read: wallClockMs(instant, zone), formatted: formatted(instant, zone) };
      }),
    );

  it.each([
    ['Europe/Berlin', '2026-03-29T01:00:00Z'], // 02:00 CET -> 03:00 CEST
    ['Europe/Berlin', '2026-10-25T01:00:00Z'], // 03:00 CEST -> 02:00 CET
    ['America/New_York', '2026-03-08T07:00:00Z'],
    ['America/New_York', '2026-11-01T06:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'], // 02:00 +11:00 -> 01:30 +10:30, a 30-minute shift
    ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'], // 02:00 +10:30 -> 02:30 +11:00
    ['Asia/Kathmandu', '1985-12-31T18:30:00Z'], // +05:30 -> +05:45
  ])("gives the formatter's reading in %s at every minute around its clock change at %s", (zone, at) => {
    const change = Date.parse(at);
    expect(offsetAt(change - 1, zone)).not.toBe(offsetAt(change, zone));
    const readings = readingsAround(zone, change);
    expect(readings.filter((reading) => reading.read !== reading.formatted)).toEqual([]);
  });

  it('reads instants before 1972-01-08 from the formatter, to the second: offsets and changes were not whole minutes then', () => {
    // Liberia went from -0:44:30 to GMT at 00:44:30 UTC on 1972-01-07, half-way through a minute.
    const change = Date.parse('1972-01-07T00:44:30Z');
    expect([offsetAt(change - 1000, 'Africa/Monrovia'), offsetAt(change, 'Africa/Monrovia')]).toEqual([-2_670_000, 0]);
    const seconds = Array.from({ length: 180 }, (_, index) => change + (index - 90) * 1000);
    const misread = seconds.filter((instant) => wallClockMs(instant, 'Africa/Monrovia') !== formatted(instant, 'Africa/Monrovia'));
    expect(misread).toEqual([]);
    expect(wallClockMs(Date.parse('1960-06-01T12:00:00.250Z'), 'Africa/Monrovia')).toBe(Date.parse('1960-06-01T11:15:30Z'));
  });
});
