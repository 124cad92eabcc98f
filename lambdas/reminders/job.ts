import { nextWallClockHour, resolveTimeZone } from '@core/dates';
import { REMINDER_DUE_SHARDS } from '@core/reminders';
import { workThroughDueShards } from '../lib/due-shards';
import { logger } from '../lib/observability';
import type { ReminderSettingsRecord } from './store';
import type { ReminderDeps } from './deps';
import { checkInStatus, deliver, reminderMessage } from './delivery';

const PAGE_SIZE = 100;
const IN_FLIGHT = 8;

interface ReminderRunOptions {
  shards?: readonly number[];
  /** Epoch ms after which no new page is started; what is left stays due for the next run. */
  stopAfter?: number;
}

interface ReminderRunResult {
  sent: number;
  /** Gamers who had checked in for their score day already. */
  checkedIn: number;
  /** Reminders of a day that had gone out already (a second run, a retry). */
  alreadySent: number;
  /** Due settings whose hour had passed (the job did not run then) or whose zone changed: moved on without a reminder. */
  skipped: number;
  failed: number;
  unfinished: boolean;
}

/**
 * The hourly reminder job (docs/reminders.md): every gamer whose reminder hour has come gets one reminder on his
 * channels, only if he has not checked in for his current score day, at most once per score day (an atomic claim).
 * Pages through the due index shard by shard (no Scan), then moves each gamer's settings to his next reminder.
 */
export async function runReminderJob(deps: ReminderDeps, options: ReminderRunOptions = {}): Promise<ReminderRunResult> {
  const now = deps.now();
  const result: ReminderRunResult = { sent: 0, checkedIn: 0, alreadySent: 0, skipped: 0, failed: 0, unfinished: false };
  const shards = options.shards ?? Array.from({ length: REMINDER_DUE_SHARDS }, (_, shard) => shard);
  const finished = await workThroughDueShards(
    shards,
    (shard, cursor) => deps.reminders.due(shard, now.toISOString(), { limit: PAGE_SIZE, cursor }),
    async (settings) => {
      const outcome = await remind(settings, deps, now);
      if (outcome !== 'off') result[outcome] += 1;
    },
    { limit: IN_FLIGHT, stopAfter: options.stopAfter },
  );
  result.unfinished = !finished;
  logger.info('Reminder run', { ...result });
  return result;
}

type Outcome = 'sent' | 'checkedIn' | 'alreadySent' | 'skipped' | 'failed' | 'off';

/** One gamer's due reminder; his settings move on to the next day's hour whatever happens, but a failure. */
async function remind(settings: ReminderSettingsRecord, deps: ReminderDeps, now: Date): Promise<Outcome> {
  const gamer = await deps.users.get(settings.userId);
  // The account is gone or disabled: its settings leave the index only with the account, so it stays quiet.
  const zone = resolveTimeZone(gamer?.timeZone);
  const thisHour = nextWallClockHour(settings.hour, zone, new Date(now.getTime() - 3_600_000));
  const next = nextWallClockHour(settings.hour, zone, now).toISOString();
  const outcome = await (async (): Promise<Outcome> => {
    if (!gamer || !gamer.enabled) return 'off';
    // Due, but not the gamer's hour now (the job missed it, or his zone changed since it was planned): no late reminder.
    if (thisHour > now) return 'skipped';
    const { day, checkedIn } = await checkInStatus(gamer, deps, now);
    if (checkedIn) return 'checkedIn';
    const claim = await deps.reminders.claimReminder(gamer.id, day, now);
    if (claim === 'taken') return 'alreadySent';
    if (claim === 'off') return 'off';
    if (await deliver(gamer, settings.channels, reminderMessage(), deps)) return 'sent';
    await deps.reminders.release({ userId: gamer.id, day, kind: 'reminder' });
    return 'failed';
  })();
  // A failed reminder stays due, so the next run within the hour tries again.
  if (outcome !== 'failed') await deps.reminders.reschedule(settings, next);
  return outcome;
}
