import type { UsersFilter } from '@core/users/validation';
import { USER_FILTER_ROLES, USER_SUBSCRIPTION_FILTERS, type UserSubscriptionFilter } from '@core/users/validation';

/** The user list waits this long after typing before it searches (docs/accounts.md, "Profile edits and admin actions"). */
export const USER_SEARCH_DEBOUNCE_MS = 600;

/** The status select (docs/accounts.md, "Profile edits and admin actions") and what each choice asks of `enabled`. */
export const USER_STATUSES = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;
export type UserStatus = (typeof USER_STATUSES)[number]['value'];

export type UsersWhere = Omit<UsersFilter, 'search'> & { search?: string };

export interface UserFilters {
  status: UserStatus;
  roles: (typeof USER_FILTER_ROLES)[number][];
  subscriptions: UserSubscriptionFilter[];
}

export const NO_FILTERS: UserFilters = {
  status: 'all',
  roles: [],
  subscriptions: [],
};
export const SUBSCRIPTION_CHOICES = Object.keys(USER_SUBSCRIPTION_FILTERS) as UserSubscriptionFilter[];

/** The API's filter for the list's controls (none when nothing is chosen: the API refuses an empty one). */
export function usersWhere(search: string, { status, roles, subscriptions }: UserFilters): UsersWhere | undefined {
  const where = {
    ...(search ? { search } : {}),
    ...(status === 'all' ? {} : { enabled: status === 'active' }),
    ...(roles.length ? { roles } : {}),
    ...(subscriptions.length ? { subscriptions } : {}),
  };
  return Object.keys(where).length ? where : undefined;
}

/** How many filter-menu choices are on (shown on the menu's button). */
export const activeFilterCount = ({ roles, subscriptions }: UserFilters) => roles.length + subscriptions.length;
