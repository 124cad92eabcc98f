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
  endpoint: 'The push subscription endpoint must be an https address.',
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

/** A base64url key of exactly `bytes` bytes (a P-256 public key is 65, the auth secret 16). */
const base64UrlKey = (bytes: number) =>
  z
    .string({ error: REMINDER_MESSAGES.key })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, REMINDER_MESSAGES.key)
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 6) / 8) === bytes, REMINDER_MESSAGES.key);

/**
 * What `PushSubscription.toJSON()` gives the browser, as `savePushSubscription(input)` takes it. Only https endpoints:
 * the server posts to them (the local stand-in serves https too, docs/local-mode.md).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: REMINDER_MESSAGES.endpoint })
    .max(MAX_URL_LENGTH, REMINDER_MESSAGES.endpoint)
    .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', REMINDER_MESSAGES.endpoint),
  p256dh: base64UrlKey(65),
  auth: base64UrlKey(16),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const savePushSubscriptionArgsSchema = z.object({ input: pushSubscriptionSchema }, { error: 'input is required.' });
export const removePushSubscriptionArgsSchema = z.object({ endpoint: pushSubscriptionSchema.shape.endpoint });
/** A team's nudge; `userId` narrows it to that one gamer of the team (his member page). */
export const nudgeTeamArgsSchema = z.object({ teamId: boundedId('teamId'), userId: boundedId('userId').nullish() });

/** What a reminder or a nudge says, on every channel. */
export interface ReminderMessage {
  title: string;
  body: string;
  /** A path of the web app, opened by a click on the notification or the e-mail's link. */
  url: string;
}
