import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountProfileQuery } from '@/gql/graphql';
import { uploadAvatar } from '@/lib/avatar-upload';
import { callApi, gqlOperation } from '@/lib/api-client';
import { accountKeys } from './keys';

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
      nudges
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
      nudges
      emailVerified
    }
  }
`);

const notificationSettingsMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateNotificationSettings($readinessAlertEmails: Boolean!, $nudges: Boolean) {
    updateNotificationSettings(readinessAlertEmails: $readinessAlertEmails, nudges: $nudges) {
      id
      email
      fullName
      username
      avatar
      timeZone
      preferMetricUnits
      readinessAlertEmails
      nudges
      emailVerified
    }
  }
`);

const accountProfileQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.profile(),
    queryFn: async (): Promise<AccountProfile | null> => (await callApi(profileQuery)).me,
  });

/** The signed-in user's own settings, shared by the account page's tabs. */
export const useAccountProfile = () => useQuery(accountProfileQueryOptions());

/** What the profile tab saves: the changed fields (none: no update) and a new avatar (none: no upload). */
interface ProfileSave {
  id: string;
  changes: ProfileChanges;
  avatar: File | null;
}

/**
 * Saves the profile tab: the changed fields, then the avatar (the presigned upload). Once saved, `onSaved` runs (the
 * form takes its new values) and then every query reads again: the frame's name and avatar and every tab. Like a
 * plain call, it fails at once without a connection (networkMode 'always') rather than waiting for one.
 */
export function useSaveProfile({ onSaved }: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ id, changes, avatar }: ProfileSave) => {
      if (Object.keys(changes).length > 0) await callApi(updateProfileMutation, { id, data: changes });
      if (avatar) await uploadAvatar(avatar, null);
    },
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries();
    },
  });
}

/** After the mailbox is proven: every query reads again (the profile's flag, and what a proven mailbox unlocks). */
export function useRefreshAfterEmailProof() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}

/** What updateNotificationSettings changes: the alert e-mails always, nudges when given. */
interface NotificationSettings {
  readinessAlertEmails: boolean;
  nudges?: boolean;
}

/** Readiness-alert e-mails and nudges on or off; the answer is the profile as it now is, put in the cache. */
export function useSetNotificationSettings({
  onSuccess,
  onError,
}: { onSuccess?: (profile: AccountProfile, changed: NotificationSettings) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettings): Promise<AccountProfile> =>
      (await callApi(notificationSettingsMutation, settings)).updateNotificationSettings,
    onSuccess: (profile, settings) => {
      queryClient.setQueryData(accountKeys.profile(), profile);
      onSuccess?.(profile, settings);
    },
    onError,
  });
}
