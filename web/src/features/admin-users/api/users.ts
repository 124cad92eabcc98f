import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { AdminUsersQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import type { UsersWhere } from '../lib/user-list';
import { userKeys } from './keys';

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

/** A page of the users and the count of the same filter; the previous page stays shown while the next loads. */
const usersQueryOptions = (query: UsersPageQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: () => callApi(usersQuery, query),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersPageQuery) => useQuery(usersQueryOptions(query));

/** One user (null once deleted). */
const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userKeys.user(id),
    queryFn: async () => (await callApi(userQuery, { id })).user,
  });

export const useUser = (id: string) => useQuery(userQueryOptions(id));

/** Several users by id, one query each (shared with the panel's). */
export const useUsersByIds = (ids: readonly string[]) => useQueries({ queries: ids.map((id) => userQueryOptions(id)) });
