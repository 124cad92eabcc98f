/**
 * Daily check-in reminders at the gamer's own hour and the staff's Nudge (docs/reminders.md): the settings' shape and
 * rules, shared by the reminders Lambda, its job and the account page's Notifications tab.
 */
import { z } from 'zod';
import { boundedId, MAX_URL_LENGTH } from './validation/fields';

/** The job's due index is split in this many gsi2 partitions (docs/reminders.md), as the recap job's is. */
export const REMINDER_DUE_SHARDS = 16;

export const REMINDER_CHANNELS = ['PUSH', 'EMAIL'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = { PUSH: 'Web Push', EMAIL: 'E-mail' };

/** What a gamer gets before he saves any settings: off, 19:00, e-mail (and what a Nudge uses for him: e-mail). */
export const DEFAULT_REMINDER_HOUR = 19;
export const DEFAULT_REMINDER_CHANNELS: readonly ReminderChannel[] = ['EMAIL'];

/** A gamer registers at most this many devices for Web Push; each reminder goes to all of them. */
export const MAX_PUSH_DEVICES = 10;

/** "07:00" for 7. */
export const reminderTimeLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export const REMINDER_MESSAGES = {
  hour: 'Choose a reminder time between 00:00 and 23:00.',
  channels: 'Choose how to be reminded: Web Push, e-mail or both.',
  endpoint: "The push subscription endpoint must be the https address of a browser's push service.",
  key: 'The push subscription keys are not valid.',
} as const;

/** `updateReminderSettings(input)`; the Notifications tab's form. A reminder that is on needs a channel. */
export const reminderSettingsSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false.' }),
    hour: z.int({ error: REMINDER_MESSAGES.hour }).min(0, REMINDER_MESSAGES.hour).max(23, REMINDER_MESSAGES.hour),
    channels: z
      .array(z.enum(REMINDER_CHANNELS, { error: REMINDER_MESSAGES.channels }), { error: REMINDER_MESSAGES.channels })
      .max(REMINDER_CHANNELS.length, REMINDER_MESSAGES.channels),
  })
  .refine((settings) => !settings.enabled || settings.channels.length > 0, { message: REMINDER_MESSAGES.channels, path: ['channels'] });
export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;
export const updateReminderSettingsArgsSchema = z.object({ input: reminderSettingsSchema }, { error: 'input is required.' });

/**
 * The browsers' push services, the only hosts a push subscription may point at (docs/reminders.md, "Which devices"):
 * Chrome's FCM, Firefox's Mozilla push service, Safari's Apple push service and Edge's Windows push service. The
 * server posts to a device's endpoint, so any other address would make it a client of whatever a caller names.
 */
const PUSH_SERVICE_HOST = /^(?:fcm\.googleapis\.com|(?:[a-z0-9-]+\.)+(?:push\.services\.mozilla\.com|push\.apple\.com|notify\.windows\.com))$/;

/**
 * True for an https endpoint of a browser's push service on its standard port, without credentials in the address;
 * `localPushOrigin` is the local push stand-in's origin (local mode only, lambdas/lib/config.ts), admitted as well.
 */
export function isPushServiceEndpoint(endpoint: string, localPushOrigin?: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  if (localPushOrigin && url.origin === localPushOrigin) return true;
  return url.port === '' && PUSH_SERVICE_HOST.test(url.hostname);
}

/** A base64url key of exactly `bytes` bytes (a P-256 public key is 65, the auth secret 16). */
const base64UrlKey = (bytes: number) =>
  z
    .string({ error: REMINDER_MESSAGES.key })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, REMINDER_MESSAGES.key)
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 6) / 8) === bytes, REMINDER_MESSAGES.key);

/**
 * `savePushSubscription(input)` (what `PushSubscription.toJSON()` gives the browser) and `removePushSubscription(endpoint)`:
 * an endpoint of a browser's push service only. `localPushOrigin` is read at each check (the local stand-in's origin).
 */
export function pushSubscriptionArgsSchemas(localPushOrigin: () => string | undefined) {
  const endpoint = z
    .string({ error: REMINDER_MESSAGES.endpoint })
    .max(MAX_URL_LENGTH, REMINDER_MESSAGES.endpoint)
    .refine((value) => isPushServiceEndpoint(value, localPushOrigin()), REMINDER_MESSAGES.endpoint);
  const input = z.object({ endpoint, p256dh: base64UrlKey(65), auth: base64UrlKey(16) });
  return { save: z.object({ input }, { error: 'input is required.' }), remove: z.object({ endpoint }) };
}
export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionArgsSchemas>['save']>['input'];
/** A team's nudge; `userId` narrows it to that one gamer of the team (his member page). */
export const nudgeTeamArgsSchema = z.object({ teamId: boundedId('teamId'), userId: boundedId('userId').nullish() });

/** What a reminder or a nudge says, on every channel. */
export interface ReminderMessage {
  title: string;
  body: string;
  /** A path of the web app, opened by a click on the notification or the e-mail's link. */
  url: string;
}
