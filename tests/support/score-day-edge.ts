import { setTimeout as sleep } from 'node:timers/promises';
import { scoreDayBounds, scoreDayOf } from '@core/dates';

/**
 * Waits, when the current score day in `timeZone` closes within `marginMs`, until the next one has begun: a test whose
 * steps must fall on one score day (a check-in, then a job "now" and "a day later") would otherwise fail only when run
 * at 04:00 local.
 */
export async function clearOfScoreDayEdge(timeZone = 'UTC', marginMs = 90_000): Promise<void> {
  const closesAt = scoreDayBounds(scoreDayOf(new Date(), timeZone), timeZone).end.getTime();
  const untilClose = closesAt - Date.now();
  if (untilClose < marginMs) await sleep(untilClose + 1_000);
}
