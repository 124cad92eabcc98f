import type { Role } from '@core/roles';
import type { AdminUsersQuery, DeleteUsersMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import type { UsersWhere } from '../lib/user-list';

/** A user as the admin list and panel show him (schema.graphql User). */
export type AdminUser = AdminUsersQuery['users'][number];

export interface UsersPageQuery {
  where?: UsersWhere;
  take: number;
  skip: number;
}

// A page and the count of the same filter in one request.
const usersQuery = gqlOperation(/* GraphQL */ `
  query AdminUsers($where: UsersWhereInput, $take: Int, $skip: Int) {
    users(where: $where, take: $take, skip: $skip) {
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
    aggregateUser(where: $where) {
      count
      more
    }
  }
`);

const userQuery = gqlOperation(/* GraphQL */ `
  query AdminUser($id: ID!) {
    user(id: $id) {
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

export const getUsers = (query: UsersPageQuery) => callApi(usersQuery, query);
export const getUser = async (id: string) => (await callApi(userQuery, { id })).user;
export const updateUser = async (id: string, data: UserChanges) => (await callApi(updateUserMutation, { where: { id }, data })).updateUser;
export const disableUser = async (email: string) => (await callApi(disableMutation, { email })).disableUser;
export const enableUser = async (email: string) => (await callApi(enableMutation, { email })).enableUser;
export const deleteUsers = async (emails: string[]) => (await callApi(deleteMutation, { email: emails })).deleteUser;
