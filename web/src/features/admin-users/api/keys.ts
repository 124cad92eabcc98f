import type { UsersPageQuery } from './users';

/** The admin users' query keys: every cached read of the user list starts with `admin-users`, so an action refreshes them all. */
export const userKeys = {
  all: ['admin-users'] as const,
  list: (query: UsersPageQuery) => [...userKeys.all, 'list', query] as const,
  user: (id: string) => [...userKeys.all, 'user', id] as const,
};
