import { scoreDayOf, type ScoreDay } from '@core/dates';

let known: string | null | undefined;

/**
 * The browser's IANA zone: the gamer's clock decides which score day an answer counts for (a trip abroad moves the day
 * with the gamer). Read once, when first needed and not as the app's modules load: the page's first Intl call loads
 * ICU's data, one long task (docs/performance.md), which pages that show no day of the gamer's clock never pay.
 */
export function browserTimeZone(): string | null {
  if (known === undefined) {
    try {
      known = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
    } catch {
      known = null;
    }
  }
  return known;
}

/** Today's score day on the browser's clock (the journal's default day, the admin's week of challenges). */
export function browserScoreDay(now = new Date()): ScoreDay {
  return scoreDayOf(now, browserTimeZone());
}
