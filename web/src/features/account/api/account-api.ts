import type { PushSubscriptionInput, ReminderChannel, ReminderSettingsInput } from '@core/reminders';
import { callApi, gqlOperation } from '@/lib/api-client';

/** The signed-in user's own settings, as the account page shows and edits them. */
export interface AccountProfile {
  id: string;
  email: string;
  fullName: string | null;
  username: string | null;
  avatar: string | null;
  timeZone: string | null;
  preferMetricUnits: boolean | null;
  readinessAlertEmails: boolean | null;
  /** The mailbox of `email` is proven (docs/accounts.md, "Proving your mailbox"). */
  emailVerified: boolean | null;
}

const PROFILE_FIELDS = 'id email fullName username avatar timeZone preferMetricUnits readinessAlertEmails emailVerified';

const profileQuery = gqlOperation<{ me: AccountProfile | null }>(/* GraphQL */ `
  query AccountProfile {
    me { ${PROFILE_FIELDS} }
  }
`);

/** The profile fields the user changes himself (updateUser's data, without the role). */
export interface ProfileChanges {
  fullName?: string;
  username?: string | null;
  timeZone?: string;
  preferMetricUnits?: boolean;
}

const updateProfileMutation = gqlOperation<{ updateUser: AccountProfile | null }, { id: string; data: ProfileChanges }>(/* GraphQL */ `
  mutation UpdateOwnProfile($id: ID!, $data: UpdateUserInput!) {
    updateUser(where: { id: $id }, data: $data) { ${PROFILE_FIELDS} }
  }
`);

const notificationSettingsMutation = gqlOperation<{ updateNotificationSettings: AccountProfile }, { readinessAlertEmails: boolean }>(/* GraphQL */ `
  mutation UpdateNotificationSettings($readinessAlertEmails: Boolean!) {
    updateNotificationSettings(readinessAlertEmails: $readinessAlertEmails) { ${PROFILE_FIELDS} }
  }
`);

/** One kind of record of the export: its records as a JSON array. */
export interface DataExportSection {
  name: string;
  records: string;
}

const dataExportQuery = gqlOperation<{ myDataExport: { userId: string; generatedAt: string; sections: DataExportSection[] } }>(/* GraphQL */ `
  query MyDataExport {
    myDataExport {
      userId
      generatedAt
      sections {
        name
        records
      }
    }
  }
`);

const deleteAccountMutation = gqlOperation<{ deleteAccount: boolean }, { email: string }>(/* GraphQL */ `
  mutation DeleteAccount($email: String!) {
    deleteAccount(email: $email)
  }
`);

export async function getAccountProfile(): Promise<AccountProfile | null> {
  return (await callApi(profileQuery)).me;
}

export async function updateProfile(id: string, data: ProfileChanges): Promise<AccountProfile | null> {
  return (await callApi(updateProfileMutation, { id, data })).updateUser;
}

export async function setReadinessAlertEmails(readinessAlertEmails: boolean): Promise<AccountProfile> {
  return (await callApi(notificationSettingsMutation, { readinessAlertEmails })).updateNotificationSettings;
}

export async function getDataExport() {
  return (await callApi(dataExportQuery)).myDataExport;
}

export async function deleteAccount(email: string): Promise<boolean> {
  return (await callApi(deleteAccountMutation, { email })).deleteAccount;
}

/** The gamer's check-in reminder (docs/reminders.md). */
export interface ReminderSettings {
  enabled: boolean;
  hour: number;
  channels: ReminderChannel[];
  timeZone: string;
  nextReminderAt: string | null;
  pushPublicKey: string;
}

const REMINDER_FIELDS = 'enabled hour channels timeZone nextReminderAt pushPublicKey';

const reminderSettingsQuery = gqlOperation<{ reminderSettings: ReminderSettings }>(/* GraphQL */ `
  query ReminderSettings {
    reminderSettings { ${REMINDER_FIELDS} }
  }
`);

const updateReminderSettingsMutation = gqlOperation<{ updateReminderSettings: ReminderSettings }, { input: ReminderSettingsInput }>(/* GraphQL */ `
  mutation UpdateReminderSettings($input: ReminderSettingsInput!) {
    updateReminderSettings(input: $input) { ${REMINDER_FIELDS} }
  }
`);

const savePushSubscriptionMutation = gqlOperation<{ savePushSubscription: { id: string } }, { input: PushSubscriptionInput }>(/* GraphQL */ `
  mutation SavePushSubscription($input: PushSubscriptionInput!) {
    savePushSubscription(input: $input) {
      id
    }
  }
`);

export async function getReminderSettings(): Promise<ReminderSettings> {
  return (await callApi(reminderSettingsQuery)).reminderSettings;
}

export async function updateReminderSettings(input: ReminderSettingsInput): Promise<ReminderSettings> {
  return (await callApi(updateReminderSettingsMutation, { input })).updateReminderSettings;
}

export async function savePushSubscription(input: PushSubscriptionInput): Promise<void> {
  await callApi(savePushSubscriptionMutation, { input });
}
