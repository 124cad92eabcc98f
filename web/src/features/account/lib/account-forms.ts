import { z } from 'zod';
import { ACCOUNT_MESSAGES, deleteAccountArgsSchema } from '@core/account';
import { timeZoneSchema } from '@core/dates/validation';
import { userEditFormSchema } from '@core/users/validation';
import type { AccountProfile, ProfileChanges } from '../api/profile';

/** The profile tab: the same name rules as updateUser, the zone as the check-in takes it, and the units. */
export const profileFormSchema = userEditFormSchema.pick({ fullName: true, username: true }).extend({
  timeZone: timeZoneSchema,
  preferMetricUnits: z.boolean(),
});
export type ProfileForm = z.output<typeof profileFormSchema>;
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** Every IANA zone the browser knows, with the current one kept even when the list lacks it. */
export function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

export const profileFormOf = (profile: AccountProfile): ProfileFormInput => ({
  fullName: profile.fullName ?? '',
  username: profile.username ?? '',
  timeZone: profile.timeZone ?? 'UTC',
  preferMetricUnits: profile.preferMetricUnits ?? false,
});

/** What updateUser gets: only the fields that changed (an empty username clears it). */
export function profileChanges(profile: AccountProfile, form: ProfileForm): ProfileChanges {
  const before = profileFormSchema.parse(profileFormOf(profile));
  const changes: ProfileChanges = {};
  if (form.fullName !== before.fullName) changes.fullName = form.fullName;
  if (form.username !== before.username) changes.username = form.username || null;
  if (form.timeZone !== before.timeZone) changes.timeZone = form.timeZone;
  if (form.preferMetricUnits !== before.preferMetricUnits) changes.preferMetricUnits = form.preferMetricUnits;
  return changes;
}

/** The delete tab: the account's own e-mail, typed (compared without case), as the server checks it too. */
export const deleteFormSchema = (accountEmail: string) =>
  deleteAccountArgsSchema.refine(({ email }) => email.toLowerCase() === accountEmail.toLowerCase(), {
    message: ACCOUNT_MESSAGES.emailMismatch,
    path: ['email'],
  });
