import type { Role } from '@core/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteUsersMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { userKeys } from './keys';
import type { AdminUser } from './users';

export interface UserChanges {
  fullName?: string;
  username?: string | null;
  role?: Role;
}

const updateUserMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateUser($data: UpdateUserInput!, $where: UserWhereUniqueInput!) {
    updateUser(data: $data, where: $where) {
      id
      email
      fullName
      username
      role
      enabled
      subscription
      usedDiscord
      createdAt
    }
  }
`);

const disableMutation = gqlOperation(/* GraphQL */ `
  mutation DisableUser($email: String!) {
    disableUser(email: $email) {
      id
      email
      fullName
      username
      role
      enabled
      subscription
      usedDiscord
      createdAt
    }
  }
`);

const enableMutation = gqlOperation(/* GraphQL */ `
  mutation EnableUser($email: String!) {
    enableUser(email: $email) {
      id
      email
      fullName
      username
      role
      enabled
      subscription
      usedDiscord
      createdAt
    }
  }
`);

export type DeleteUsersResult = DeleteUsersMutation['deleteUser'];

const deleteMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteUsers($email: [String!]!) {
    deleteUser(email: $email) {
      count
      errors {
        email
        message
      }
    }
  }
`);

/** Refreshes every cached read of the users (the list's pages and each user's). */
const useRefreshUsers = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
};

/**
 * Saves what the admin changed of a user (nothing changed: no update), then refreshes the users. Like a plain call, it
 * fails at once without a connection (networkMode 'always') rather than waiting for one.
 */
export function useUpdateUser() {
  const refreshUsers = useRefreshUsers();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ id, changes }: { id: string; changes: UserChanges }) => {
      if (Object.keys(changes).length) await callApi(updateUserMutation, { where: { id }, data: changes });
    },
    onSuccess: () => refreshUsers(),
  });
}

/** Disables or enables a user by e-mail; once the users are refreshed, `onSuccess` gets the changed user. */
export function useEnableDisableUser(action: 'disable' | 'enable', { onSuccess }: { onSuccess?: (changed: AdminUser) => void } = {}) {
  const refreshUsers = useRefreshUsers();
  return useMutation({
    mutationFn: async (email: string): Promise<AdminUser> =>
      action === 'disable' ? (await callApi(disableMutation, { email })).disableUser : (await callApi(enableMutation, { email })).enableUser,
    onSuccess: async (changed) => {
      await refreshUsers();
      onSuccess?.(changed);
    },
  });
}

/** Deletes users by e-mail; once the users are refreshed, `onSuccess` gets the server's report. */
export function useDeleteUsers({ onSuccess }: { onSuccess?: (report: DeleteUsersResult) => unknown } = {}) {
  const refreshUsers = useRefreshUsers();
  return useMutation({
    mutationFn: async (emails: string[]) => (await callApi(deleteMutation, { email: emails })).deleteUser,
    onSuccess: async (report) => {
      await refreshUsers();
      onSuccess?.(report);
    },
  });
}
