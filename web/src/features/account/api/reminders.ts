import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettingsInput } from '@core/reminders';
import type { ReminderSettingsQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { subscribeThisDevice } from '../lib/push-device';
import { accountKeys } from './keys';

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

const reminderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.reminders(),
    queryFn: async (): Promise<ReminderSettings> => (await callApi(reminderSettingsQuery)).reminderSettings,
  });

export const useReminderSettings = () => useQuery(reminderSettingsQueryOptions());

/** What the reminder form saves, and the server's key this device subscribes with when it is reminded by push. */
interface ReminderSave {
  input: ReminderSettingsInput;
  pushPublicKey: string;
}

/** Saves the reminder; the saved settings go into the cache. */
export function useSaveReminderSettings({
  onSuccess,
  onError,
}: { onSuccess?: (saved: ReminderSettings) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, pushPublicKey }: ReminderSave): Promise<ReminderSettings> => {
      // This device first: a refused notification permission leaves the settings as they were.
      if (input.enabled && input.channels.includes('PUSH'))
        await callApi(savePushSubscriptionMutation, { input: await subscribeThisDevice(pushPublicKey) });
      return (await callApi(updateReminderSettingsMutation, { input })).updateReminderSettings;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.reminders(), saved);
      onSuccess?.(saved);
    },
    onError,
  });
}
