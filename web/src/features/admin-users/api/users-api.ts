import type { Role } from '@core/roles';
import type { UsersFilter } from '@core/validation/users';
import { callApi, gqlOperation } from '@/lib/api-client';

/** A user as the admin list and panel show him (schema.graphql User). */
export interface AdminUser {
  id: string;
  email: string;
  fullName: string | null;
  username: string | null;
  role: Role | null;
  enabled: boolean;
  subscription: string;
  usedDiscord: boolean | null;
  createdAt: string;
}

export interface UsersPageQuery {
  where: Omit<UsersFilter, 'search'> & { search?: string };
  take: number;
  skip: number;
}

const USER_FIELDS = 'id email fullName username role enabled subscription usedDiscord createdAt';

// A page and the count of the same filter in one request.
const usersQuery = gqlOperation<{ users: AdminUser[]; aggregateUser: { count: number } }, UsersPageQuery>(/* GraphQL */ `
  query AdminUsers($where: UsersWhereInput, $take: Int, $skip: Int) {
    users(where: $where, take: $take, skip: $skip) { ${USER_FIELDS} }
    aggregateUser(where: $where) { count }
  }
`);

const userQuery = gqlOperation<{ user: AdminUser | null }, { id: string }>(/* GraphQL */ `
  query AdminUser($id: ID!) {
    user(id: $id) { ${USER_FIELDS} }
  }
`);

export interface UserChanges {
  fullName?: string;
  username?: string | null;
  role?: Role;
}

const updateUserMutation = gqlOperation<{ updateUser: AdminUser }, { where: { id: string }; data: UserChanges }>(/* GraphQL */ `
  mutation UpdateUser($data: UpdateUserInput!, $where: UserWhereUniqueInput!) {
    updateUser(data: $data, where: $where) { ${USER_FIELDS} }
  }
`);

const disableMutation = gqlOperation<{ disableUser: AdminUser }, { email: string }>(/* GraphQL */ `
  mutation DisableUser($email: String!) { disableUser(email: $email) { ${USER_FIELDS} } }
`);

const enableMutation = gqlOperation<{ enableUser: AdminUser }, { email: string }>(/* GraphQL */ `
  mutation EnableUser($email: String!) { enableUser(email: $email) { ${USER_FIELDS} } }
`);

export interface DeleteUsersResult {
  count: number;
  errors: { email: string; message: string }[];
}

const deleteMutation = gqlOperation<{ deleteUser: DeleteUsersResult }, { email: string[] }>(/* GraphQL */ `
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

export const getUsers = (query: UsersPageQuery) => callApi(usersQuery, query);
export const getUser = async (id: string) => (await callApi(userQuery, { id })).user;
export const updateUser = async (id: string, data: UserChanges) => (await callApi(updateUserMutation, { where: { id }, data })).updateUser;
export const disableUser = async (email: string) => (await callApi(disableMutation, { email })).disableUser;
export const enableUser = async (email: string) => (await callApi(enableMutation, { email })).enableUser;
export const deleteUsers = async (emails: string[]) => (await callApi(deleteMutation, { email: emails })).deleteUser;
