import { roleLabel } from '@core/roles';
import { USER_FILTER_ROLES, USER_SUBSCRIPTION_LABELS } from '@core/users/validation';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadError } from '@/components/errors/load-error';
import { Button } from '@/components/ui/button/button';
import { DataTable, DEFAULT_PAGE_SIZE, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { CheckboxField } from '@/components/ui/form/checkbox-field';
import { PageLoader } from '@/components/ui/page-loader';
import { SearchBox } from '@/components/ui/search-box/search-box';
import { paths, withParams } from '@/config/paths';
import { formatInstant } from '@/lib/score-display';
import { type AdminUser, useUsers } from '../api/users';
import {
  activeFilterCount,
  NO_FILTERS,
  SUBSCRIPTION_CHOICES,
  USER_SEARCH_DEBOUNCE_MS,
  USER_STATUSES,
  type UserFilters,
  type UserStatus,
  usersWhere,
} from '../lib/user-list';
import { usersRouteOf } from '../lib/users-route';
import { BulkDeleteDialog, EnableDisableDialog } from './user-action-dialogs';
import { UserPanel } from './user-panel';
import '../admin-users.css';

/** What a list failure is titled (docs/accounts.md, "Profile edits and admin actions"). */
const USER_LIST_ERROR = 'Oops! Something is not right.';

const toggled = <T,>(list: readonly T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

/** One group of the filter menu: a checkbox per choice; none checked filters nothing. */
function ChoiceGroup<T extends string>(props: {
  legend: string;
  choices: readonly T[];
  labelOf: (choice: T) => string;
  chosen: T[];
  onChange: (chosen: T[]) => void;
}) {
  const { legend, choices, labelOf, chosen, onChange } = props;
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <CheckboxField key={choice} label={labelOf(choice)} checked={chosen.includes(choice)} onChange={() => onChange(toggled(chosen, choice))} />
      ))}
    </fieldset>
  );
}

/** The filter menu (roles and subscriptions) behind one button, and the status select beside it. */
function Filters({ filters, onChange }: { filters: UserFilters; onChange: (filters: UserFilters) => void }) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  return (
    <div className="fg-users__filters">
      <div className="fg-users__menu">
        <Button onClick={() => setOpen(!open)} aria-expanded={open} aria-controls="fg-users-filter-menu">
          {count ? `Filters (${count})` : 'Filters'}
        </Button>
        {open ? (
          <div id="fg-users-filter-menu" className="fg-users__menu-panel" role="group" aria-label="Filters">
            <ChoiceGroup
              legend="Role"
              choices={USER_FILTER_ROLES}
              labelOf={roleLabel}
              chosen={filters.roles}
              onChange={(roles) => onChange({ ...filters, roles })}
            />
            <ChoiceGroup
              legend="Subscription"
              choices={SUBSCRIPTION_CHOICES}
              labelOf={(choice) => USER_SUBSCRIPTION_LABELS[choice]}
              chosen={filters.subscriptions}
              onChange={(subscriptions) => onChange({ ...filters, subscriptions })}
            />
            {count ? (
              <Button size="small" onClick={() => onChange({ ...filters, roles: [], subscriptions: [] })}>
                Clear filters
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <label className="fg-users__status">
        <span className="amplify-label">Status</span>
        <select
          className="amplify-select amplify-field-group__control"
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value as UserStatus })}
        >
          {USER_STATUSES.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/**
 * /home/users (docs/accounts.md, "Profile edits and admin actions"): the users 10 a page, searched (600 ms after
 * typing) and filtered on the server; the address after /home/users/ opens a user's side panel or an action's
 * confirmation over the list.
 */
export function UsersPage({ groups }: { groups: readonly string[] }) {
  const navigate = useNavigate();
  const route = usersRouteOf(useParams()['*']);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const [page, setPage] = useState({
    pageIndex: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const query = {
    where: usersWhere(search, filters),
    take: page.pageSize,
    skip: page.pageIndex * page.pageSize,
  };
  const list = useUsers(query);
  const firstPage = () => {
    setPage((current) => ({ ...current, pageIndex: 0 }));
    setSelected([]);
  };
  const backToList = () => void navigate(paths.home.users);

  // The list's order is the server's (newest first, or by matching word with a search): headers do not sort.
  const columns = useMemo(
    (): DataTableColumn<AdminUser>[] =>
      (
        [
          {
            id: 'fullName',
            header: 'Full name',
            value: (user) => user.fullName,
            wraps: true,
            cell: (user) => <Link to={withParams(paths.home.user, { id: user.id })}>{user.fullName || user.email}</Link>,
          },
          { id: 'email', header: 'E-mail', value: (user) => user.email, wraps: true },
          {
            id: 'username',
            header: 'Username',
            value: (user) => user.username,
            wraps: true,
          },
          { id: 'role', header: 'Role', value: (user) => roleLabel(user.role) },
          {
            id: 'subscription',
            header: 'Subscription',
            value: (user) => user.subscription,
          },
          {
            id: 'status',
            header: 'Status',
            value: (user) => (user.enabled ? 'Active' : 'Inactive'),
          },
          {
            id: 'createdAt',
            header: 'Created',
            value: (user) => user.createdAt,
            cell: (user) => formatInstant(user.createdAt),
          },
        ] satisfies DataTableColumn<AdminUser>[]
      ).map((column) => ({ ...column, sortable: false })),
    [],
  );

  return (
    <div className="fg-page fg-users">
      <header className="fg-page__header fg-users__header">
        <h1>Users</h1>
        <Button
          variation="destructive"
          isDisabled={selected.length === 0}
          onClick={() =>
            void navigate(
              withParams(paths.home.bulkDeleteUsers, {
                ids: selected.join(','),
              }).replace(/%2C/g, ','),
            )
          }
        >
          {selected.length ? `Delete selected (${selected.length})` : 'Delete selected'}
        </Button>
      </header>
      <div className="fg-users__controls">
        <SearchBox
          label="Search users"
          debounceMs={USER_SEARCH_DEBOUNCE_MS}
          onSearch={(term) => {
            setSearch(term);
            firstPage();
          }}
        />
        <Filters
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            firstPage();
          }}
        />
      </div>
      {list.isPending ? (
        <PageLoader label="Loading users…" />
      ) : list.isError ? (
        <LoadError heading={USER_LIST_ERROR} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data.aggregateUser.more ? (
            <p className="fg-users__more" role="status">
              {`More than ${list.data.aggregateUser.count.toLocaleString('en')} users match: the pages show the first ${list.data.aggregateUser.count.toLocaleString('en')}. Narrow the search or the filters to see the others.`}
            </p>
          ) : null}
          <DataTable
            label="Users"
            columns={columns}
            data={list.data.users}
            getRowId={(user) => user.id}
            selection={{
              selectedIds: selected,
              onChange: setSelected,
              rowLabel: (user) => user.email,
            }}
            serverSide={{
              rowCount: list.data.aggregateUser.count,
              pageIndex: page.pageIndex,
              pageSize: page.pageSize,
              onPage: setPage,
              sort: null,
              onSort: () => undefined,
            }}
          />
        </>
      )}
      {route.kind === 'panel' ? <UserPanel key={route.id} userId={route.id} groups={groups} onClose={backToList} /> : null}
      {route.kind === 'disable' || route.kind === 'enable' ? <EnableDisableDialog action={route.kind} userId={route.id} onDone={backToList} /> : null}
      {route.kind === 'bulk-delete' ? (
        <BulkDeleteDialog
          userIds={route.ids}
          onDone={(deleted) => {
            setSelected((current) => current.filter((id) => !deleted.includes(id)));
            backToList();
          }}
        />
      ) : null}
    </div>
  );
}
