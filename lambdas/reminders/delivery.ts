import { scoreDayUnder } from '@core/user-zone';
import { DEFAULT_REMINDER_CHANNELS, type ReminderChannel, type ReminderMessage } from '@core/reminders';
import { logger } from '../lib/observability';
import type { UserRecord } from '../lib/stores/user-store';
import type { ReminderDeps } from './deps';

const CHECK_IN_PATH = '/home/check-in';
const SETTINGS_PATH = '/home/account/notifications';

/** The daily reminder at the gamer's hour. */
export const reminderMessage = (): ReminderMessage => ({
  title: 'Time for your FitGauge check-in',
  body: 'You have not checked in today. It takes 20 seconds and keeps your scores up to date.',
  url: CHECK_IN_PATH,
});

/** A nudge from the staff of a team. */
export const nudgeMessage = (teamName: string): ReminderMessage => ({
  title: `${teamName} is waiting for your check-in`,
  body: `Your team's staff asked the members who have not checked in today to do it now. It takes 20 seconds.`,
  url: CHECK_IN_PATH,
});

/** The gamer's current score day, and whether he has checked in for it. */
export async function checkInStatus(gamer: UserRecord, deps: ReminderDeps, now: Date): Promise<{ day: string; checkedIn: boolean }> {
  const { date } = scoreDayUnder(gamer, now);
  const [latest] = await deps.scores.latestDays(gamer.id, 1, date);
  return { day: date, checkedIn: latest?.date === date };
}

/**
 * Sends the message on the gamer's channels, both through the mail queue (docs/architecture.md, "Mail and push"): Web
 * Push to his devices, when he has any, and e-mail. True when at least one channel took it: the queue's sender then
 * delivers it, retrying while the push service or SES fails. A gamer whose only channel is Web Push and who has no
 * device gets nothing (false), so that the caller gives back its claim.
 */
export async function deliver(
  gamer: UserRecord,
  channels: readonly ReminderChannel[],
  message: ReminderMessage,
  deps: ReminderDeps,
): Promise<boolean> {
  let delivered = false;
  if (channels.includes('PUSH') && (await deps.reminders.pushSubscriptions(gamer.id)).length > 0) {
    try {
      await deps.queuePush(gamer.id, message);
      delivered = true;
    } catch (error) {
      logger.warn('Push not queued', { userId: gamer.id, error });
    }
  }
  if (channels.includes('EMAIL')) {
    const link = `${deps.appUrl()}${message.url}`;
    const settings = `${deps.appUrl()}${SETTINGS_PATH}`;
    try {
      await deps.sendMail({
        to: gamer.email,
        subject: message.title,
        text: `${message.body}\n\nCheck in: ${link}\n\nReminder settings: ${settings}`,
        html: `<p>${escapeHtml(message.body)}</p><p><a href="${escapeHtml(link)}">Check in now</a></p><p><a href="${escapeHtml(settings)}">Reminder settings</a></p>`,
      });
      delivered = true;
    } catch (error) {
      logger.warn('Reminder e-mail not sent', { userId: gamer.id, error });
    }
  }
  return delivered;
}

/** The channels a nudge uses: the gamer's reminder channels, e-mail when he has none. */
export const nudgeChannels = (channels: readonly ReminderChannel[] | undefined) =>
  channels && channels.length > 0 ? channels : DEFAULT_REMINDER_CHANNELS;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
