import { nextWallClockHour, resolveTimeZone } from '@core/dates';
import {
  DEFAULT_REMINDER_CHANNELS,
  DEFAULT_REMINDER_HOUR,
  MAX_PUSH_DEVICES,
  type PushSubscriptionInput,
  type ReminderSettingsInput,
} from '@core/reminders';
import type { Caller } from '../lib/appsync';
import { ConflictError, NotFoundError } from '../lib/errors';
import { type ReminderSettingsRecord, pushSubscriptionIdOf } from './store';
import { TransactionRefused } from '../lib/stores/transactions';
import type { UserRecord } from '../lib/stores/user-store';
import type { ReminderDeps } from './deps';

/*
 * A gamer's own reminder settings and devices; the arguments come parsed by the fields' schemas (./fields.ts).
 */

/** The settings as the API shows them: with the zone the hour is read in and the key browsers subscribe with. */
async function settingsView(profile: UserRecord, settings: ReminderSettingsRecord | null, deps: ReminderDeps) {
  return {
    enabled: settings?.enabled ?? false,
    hour: settings?.hour ?? DEFAULT_REMINDER_HOUR,
    channels: settings?.channels ?? DEFAULT_REMINDER_CHANNELS,
    timeZone: resolveTimeZone(profile.timeZone),
    nextReminderAt: settings?.enabled ? settings.nextReminderAt : null,
    pushPublicKey: await deps.vapidPublicKey(),
  };
}

/** `reminderSettings`: the caller's, or the defaults (off) before he saved any. */
export async function reminderSettings(caller: Caller, deps: ReminderDeps) {
  const [profile, settings] = await Promise.all([profileOf(caller, deps), deps.reminders.settings(caller.sub)]);
  return settingsView(profile, settings, deps);
}

async function profileOf(caller: Caller, deps: ReminderDeps): Promise<UserRecord> {
  const profile = await deps.users.get(caller.sub);
  if (!profile) throw new NotFoundError('Your profile was not found.');
  return profile;
}

/**
 * `updateReminderSettings(input)`: saves them; when on, the next reminder is due at the hour in the gamer's stored zone
 * (within the hour now, if it is that hour: the next run of the job sends it, once for the day).
 */
export async function updateReminderSettings(caller: Caller, input: ReminderSettingsInput, deps: ReminderDeps) {
  const now = deps.now();
  const profile = await profileOf(caller, deps);
  const settings: ReminderSettingsRecord = {
    userId: caller.sub,
    enabled: input.enabled,
    hour: input.hour,
    channels: [...new Set(input.channels)],
    nextReminderAt: input.enabled ? nextWallClockHour(input.hour, profile.timeZone, new Date(now.getTime() - 3_600_000)).toISOString() : null,
    updatedAt: now.toISOString(),
  };
  await deps.reminders.saveSettings(settings);
  return settingsView(profile, settings, deps);
}

/** `savePushSubscription(input)`: this device receives the caller's Web Push reminders (at most 10 devices). */
export async function savePushSubscription(caller: Caller, input: PushSubscriptionInput, deps: ReminderDeps) {
  try {
    const saved = await deps.reminders.savePushSubscription(caller.sub, input, deps.now().toISOString());
    return { id: saved.id, endpoint: saved.endpoint };
  } catch (error) {
    if (error instanceof TransactionRefused && error.label === 'count') {
      throw new ConflictError(`You can receive reminders on at most ${MAX_PUSH_DEVICES} devices. Turn them off on a device you no longer use.`);
    }
    throw error;
  }
}

/** `removePushSubscription(endpoint)`: this device stops receiving them; false when it was not registered. */
export async function removePushSubscription(caller: Caller, endpoint: string, deps: ReminderDeps) {
  return deps.reminders.removePushSubscription(caller.sub, pushSubscriptionIdOf(endpoint));
}
