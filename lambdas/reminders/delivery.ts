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
 * Each push ends within this, its request destroyed if it has not (a slow push host holds nothing longer). A gamer's
 * devices are sent together under one such deadline: his budget for Web Push, whatever his number of devices.
 */
const PUSH_DEADLINE_MS = 10_000;

/**
 * Sends the message on the gamer's channels: Web Push to all his devices at once (a device the push service no longer
 * knows, or whose endpoint is no push service, is removed) and e-mail. True when at least one channel delivered it.
 * `pushBy` (epoch ms) ends the pushes sooner, for a caller with a deadline of its own (a nudge).
 */
export async function deliver(
  gamer: UserRecord,
  channels: readonly ReminderChannel[],
  message: ReminderMessage,
  deps: ReminderDeps,
  pushBy = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  let delivered = false;
  if (channels.includes('PUSH')) {
    const subscriptions = await deps.reminders.pushSubscriptions(gamer.id);
    const deadline = AbortSignal.timeout(Math.max(0, Math.min(PUSH_DEADLINE_MS, pushBy - Date.now())));
    await Promise.all(
      subscriptions.map(async (subscription) => {
        const outcome = await deps.sendPush(subscription, message, deadline);
        if (outcome === 'sent') delivered = true;
        else if (outcome === 'failed') logger.warn('Push not delivered', { userId: gamer.id, subscriptionId: subscription.id });
        else {
          if (outcome === 'refused')
            logger.warn('Push device removed: its endpoint is no push service', { userId: gamer.id, subscriptionId: subscription.id });
          await deps.reminders.removePushSubscription(gamer.id, subscription.id);
        }
      }),
    );
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
