import type { PushSubscriptionInput, ReminderSettingsInput } from '@core/reminders';
import type { AccountProfileQuery, MyDataExportQuery, ReminderSettingsQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

/** The signed-in user's own settings, as the account page shows and edits them. */
export type AccountProfile = NonNullable<AccountProfileQuery['me']>;

const profileQuery = gqlOperation(/* GraphQL */ `
  query AccountProfile {
    me {
      id
      email
      fullName
      username
      avatar
      timeZone
      preferMetricUnits
      readinessAlertEmails
      emailVerified
    }
  }
`);

/** The profile fields the user changes himself (updateUser's data, without the role). */
export interface ProfileChanges {
  fullName?: string;
  username?: string | null;
  timeZone?: string;
  preferMetricUnits?: boolean;
}

const updateProfileMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateOwnProfile($id: ID!, $data: UpdateUserInput!) {
    updateUser(where: { id: $id }, data: $data) {
      id
      email
      fullName
      username
      avatar
      timeZone
      preferMetricUnits
      readinessAlertEmails
      emailVerified
    }
  }
`);

const notificationSettingsMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateNotificationSettings($readinessAlertEmails: Boolean!) {
    updateNotificationSettings(readinessAlertEmails: $readinessAlertEmails) {
      id
      email
      fullName
      username
      avatar
      timeZone
      preferMetricUnits
      readinessAlertEmails
      emailVerified
    }
  }
`);

/** One kind of record of the export: its records as a JSON array. */
export type DataExportSection = MyDataExportQuery['myDataExport']['sections'][number];

const dataExportQuery = gqlOperation(/* GraphQL */ `
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

const deleteAccountMutation = gqlOperation(/* GraphQL */ `
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
export type ReminderSettings = ReminderSettingsQuery['reminderSettings'];

const reminderSettingsQuery = gqlOperation(/* GraphQL */ `
  query ReminderSettings {
    reminderSettings {
      enabled
      hour
      channels
      timeZone
      nextReminderAt
      pushPublicKey
    }
  }
`);

const updateReminderSettingsMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateReminderSettings($input: ReminderSettingsInput!) {
    updateReminderSettings(input: $input) {
      enabled
      hour
      channels
      timeZone
      nextReminderAt
      pushPublicKey
    }
  }
`);

const savePushSubscriptionMutation = gqlOperation(/* GraphQL */ `
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
