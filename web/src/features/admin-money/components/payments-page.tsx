import { PAYMENT_STATUSES, PAYMENTS_PAGE_SIZE, type PaymentWhere } from '@core/billing/admin-validation';
import { emailAddress } from '@core/validation/fields';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { PageLoader } from '@/components/ui/page-loader';
import { SearchBox } from '@/components/ui/search-box/search-box';
import { type Payment, type PaymentStats, usePayments } from '../api/payments';
import { amountLabel, codeLabel, dayOf, methodLabel, roleLabel } from '../lib/payment-labels';
import { AddPaymentDialog } from './add-payment-dialog';
import { type DateRange, DateRangeField, rangeDays, rangeOf, rangeProblem } from './date-range-field';
import { SelectField } from './fields';
import '../admin-money.css';

/** The payments filters wait as the user list's search does (docs/billing.md, "The pages"). */
const FILTER_DEBOUNCE_MS = 600;
const ROLE_CHOICES = [
  { value: 'ALL', label: 'All' },
  { value: 'GAMER', label: 'Gamer' },
  { value: 'DIRECTOR', label: 'Director' },
] as const;
/** The status filter: the spec's values, and All (no status filter). */
const STATUS_CHOICES = [{ value: 'ALL', label: 'All' }, ...PAYMENT_STATUSES.map((status) => ({ value: status, label: codeLabel(status) }))] as const;
type StatusChoice = (typeof STATUS_CHOICES)[number]['value'];

const emailCheck = emailAddress({ required: 'Type a whole e-mail address.', invalid: 'Type a whole e-mail address.' });

const COLUMNS: readonly DataTableColumn<Payment>[] = [
  { id: 'email', header: 'User', value: (row) => row.User.email, sortable: false },
  { id: 'role', header: 'Role', value: (row) => roleLabel(row.User.role), sortable: false },
  { id: 'method', header: 'Method', value: (row) => methodLabel(row.method), sortable: false },
  { id: 'coupon', header: 'Coupon', value: (row) => row.coupon ?? '—', sortable: false },
  { id: 'product', header: 'Product', value: (row) => row.SubscriptionConfig?.name ?? row.productId ?? '—', sortable: false },
  { id: 'amount', header: 'Amount', value: (row) => amountLabel(row.productPrice ?? null), sortable: false },
  { id: 'frequency', header: 'Frequency', value: (row) => codeLabel(row.paymentFrequency ?? null), sortable: false },
  { id: 'status', header: 'Status', value: (row) => codeLabel(row.status), sortable: false },
  { id: 'createdAt', header: 'Created', value: (row) => dayOf(row.createdAt), sortable: false },
  { id: 'endSubscriptionAt', header: 'Ends', value: (row) => dayOf(row.endSubscriptionAt), sortable: false },
];

/** /home/payments: the filters, the stats panel, Add Payment and the table (docs/billing.md, "The pages"). */
export function PaymentsPage() {
  // The spec's default filter (status active, role Gamer, last week); the page says so and offers every payment.
  const [status, setStatus] = useState<StatusChoice>('active');
  const [range, setRange] = useState<DateRange>(() => rangeOf('last-week'));
  const [search, setSearch] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof ROLE_CHOICES)[number]['value']>('GAMER');
  const [page, setPage] = useState({ pageIndex: 0, pageSize: PAYMENTS_PAGE_SIZE });
  const [adding, setAdding] = useState(false);

  const emailProblem = email && !emailCheck.safeParse(email).success ? 'Type a whole e-mail address.' : null;
  const where = useMemo<PaymentWhere>(() => {
    const days = rangeDays(range);
    return {
      status: status === 'ALL' ? null : status,
      createdFrom: days?.startDate ?? null,
      createdTo: days?.endDate ?? null,
      search: search || null,
      email: email && !emailProblem ? email : null,
      role: role === 'ALL' ? null : role,
    };
  }, [status, range, search, email, emailProblem, role]);
  const filter = (apply: () => void) => {
    apply();
    setPage((current) => ({ ...current, pageIndex: 0 }));
  };

  const query = usePayments(where, page, { enabled: rangeProblem(range) === null });

  return (
    <div className="fg-page fg-admin-money">
      <header className="fg-page__header fg-admin-header">
        <div>
          <h1>Payments</h1>
          <p>Every payment, newest first, with what they add up to.</p>
        </div>
        <Button variation="primary" onClick={() => setAdding(true)}>
          Add Payment
        </Button>
      </header>

      <section aria-label="Filters" className="fg-admin-filters">
        <SelectField label="Status" value={status} options={STATUS_CHOICES} onChange={(next) => filter(() => setStatus(next))} />
        <SelectField label="Role" value={role} options={ROLE_CHOICES} onChange={(next) => filter(() => setRole(next))} />
        <DateRangeField label="Created" value={range} onChange={(next) => filter(() => setRange(next))} />
        <div className="fg-admin-filter">
          <span className="amplify-label">Coupon or product</span>
          <SearchBox label="Coupon or product" debounceMs={FILTER_DEBOUNCE_MS} onSearch={(term) => filter(() => setSearch(term))} />
        </div>
        <div className="fg-admin-filter">
          <span className="amplify-label">User e-mail</span>
          <SearchBox label="User e-mail" debounceMs={FILTER_DEBOUNCE_MS} onSearch={(term) => filter(() => setEmail(term))} />
          {emailProblem ? <p className="fg-admin-hint">{emailProblem}</p> : null}
        </div>
      </section>
      {status !== 'ALL' || role !== 'ALL' || range.preset !== 'all-time' ? (
        <p className="fg-admin-filter-note">
          Only payments these filters match are listed: the page opens on active payments of gamers created in the last week.{' '}
          <Button
            size="small"
            onClick={() =>
              filter(() => {
                setStatus('ALL');
                setRole('ALL');
                setRange(rangeOf('all-time'));
              })
            }
          >
            Show all payments
          </Button>
        </p>
      ) : null}

      {query.isError ? (
        <Alert variation="error" heading="Error!">
          {query.error.message}
        </Alert>
      ) : query.isPending ? (
        <PageLoader label="Loading the payments" />
      ) : (
        <>
          <StatsPanel stats={query.data.stats} count={query.data.count} />
          <section aria-labelledby="fg-payments-table" aria-busy={query.isFetching}>
            <h2 id="fg-payments-table">Payments</h2>
            <DataTable
              label="Payments table"
              columns={COLUMNS}
              data={query.data.payments}
              // A payment is its payer's: ids are unique per account only (docs/data-model.md, "Items and keys").
              getRowId={(row) => `${row.User.id}:${row.id}`}
              serverSide={{
                rowCount: query.data.count,
                pageIndex: page.pageIndex,
                pageSize: page.pageSize,
                onPage: setPage,
                sort: null,
                onSort: () => undefined,
              }}
            />
          </section>
        </>
      )}

      <AddPaymentDialog open={adding} onClose={() => setAdding(false)} onAdded={() => void query.refetch()} />
    </div>
  );
}

/** Counts of the filtered payments per coupon and per method, and the extra figures (docs/billing.md, `getPaymentStats`). */
function StatsPanel({ stats, count }: { stats: PaymentStats; count: number }) {
  return (
    <section aria-labelledby="fg-payments-stats" className="fg-admin-stats">
      <h2 id="fg-payments-stats">Stats</h2>
      <dl className="fg-admin-stats__figures">
        <div>
          <dt>Payments</dt>
          <dd>{count}</dd>
        </div>
        <div>
          <dt>New subscriptions</dt>
          <dd>{stats.extra.newSubscriptions}</dd>
        </div>
        <div>
          <dt>Team invites</dt>
          <dd>{stats.extra.teamInvites}</dd>
        </div>
      </dl>
      <div className="fg-admin-stats__lists">
        <StatsList title="By coupon" rows={stats.coupons.map(({ coupon, count: n }) => [coupon, coupon, n])} />
        <StatsList title="By payment method" rows={stats.paymentMethods.map(({ method, count: n }) => [method, methodLabel(method), n])} />
      </div>
    </section>
  );
}

/** Rows of [key, label, count]. */
function StatsList({ title, rows }: { title: string; rows: [string, string, number][] }) {
  return (
    <div>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="fg-admin-hint">No data available</p>
      ) : (
        <ul aria-label={title}>
          {rows.map(([key, name, n]) => (
            <li key={key}>
              <span>{name}</span> <strong>{n}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
