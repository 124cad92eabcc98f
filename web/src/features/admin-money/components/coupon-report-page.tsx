import { couponCode } from '@core/billing/validation';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { PageLoader } from '@/components/ui/page-loader';
import { SearchBox } from '@/components/ui/search-box/search-box';
import { useToast } from '@/components/ui/toast/toast';
import { downloadExport } from '@/lib/export/spreadsheet-export';
import { useCouponReport } from '../api/coupon-reports';
import { reportColumns, reportFileName, type ReportKind, type ReportRow, reportRows, scoreText } from '../lib/report-rows';
import { boundedRangeDays, type DateRange, DateRangeField, rangeOf, rangeProblem } from './date-range-field';
import '../admin-money.css';

/** The coupon search waits 600 ms after the last keystroke (docs/billing.md, "The pages"). */
const COUPON_SEARCH_DEBOUNCE_MS = 600;

const PAGES: Record<ReportKind, { title: string; description: string; nameHeader: string }> = {
  gamers: { title: 'User Performance', description: 'The gamers who used a coupon, with their FG Score per day.', nameHeader: 'Gamer' },
  teams: { title: 'Teams Performance', description: 'The teams bought with a coupon, with their average FG Score per day.', nameHeader: 'Team' },
};

/**
 * /home/user-performance and /home/teams-performance (docs/billing.md, "The pages"): a coupon search box, a date range,
 * a table by day with scores to one decimal, and Download Excel ({coupon}_user_fg_score / {coupon}_teams_fg_score).
 */
export function CouponReportPage({ kind }: { kind: ReportKind }) {
  const page = PAGES[kind];
  const toast = useToast();
  const [coupon, setCoupon] = useState('');
  const [range, setRange] = useState<DateRange>(() => rangeOf('last-month'));
  const couponProblem = coupon && !couponCode.safeParse(coupon).success ? 'A coupon is letters, digits, - or _.' : null;
  const window = boundedRangeDays(range);
  const asked = { couponId: coupon.toUpperCase(), ...window };

  const query = useCouponReport(kind, asked, {
    // Nothing is asked while the box is empty (docs/billing.md, "The pages").
    enabled: coupon !== '' && !couponProblem && rangeProblem(range) === null,
  });
  const rows = useMemo(() => reportRows(query.data ?? []), [query.data]);
  const columns = useMemo<readonly DataTableColumn<ReportRow>[]>(
    () => [
      { id: 'date', header: 'Date', value: (row) => row.date },
      { id: 'name', header: page.nameHeader, value: (row) => row.name },
      { id: 'score', header: 'FG Score', value: (row) => row.score, cell: (row) => scoreText(row.score) },
    ],
    [page.nameHeader],
  );

  const download = async () => {
    try {
      await downloadExport(reportFileName(kind, asked.couponId), 'xlsx', reportColumns(kind), rows);
    } catch (failure) {
      toast.error(`The file could not be written: ${(failure as Error).message}`);
    }
  };

  return (
    <div className="fg-page fg-admin-money">
      <header className="fg-page__header fg-admin-header">
        <div>
          <h1>{page.title}</h1>
          <p>{page.description}</p>
        </div>
        <Button variation="primary" isDisabled={!query.isSuccess || rows.length === 0} onClick={() => void download()}>
          Download Excel
        </Button>
      </header>
      <section aria-label="Filters" className="fg-admin-filters">
        <div className="fg-admin-filter">
          <span className="amplify-label">Coupon</span>
          <SearchBox label="Coupon" debounceMs={COUPON_SEARCH_DEBOUNCE_MS} onSearch={setCoupon} />
          {couponProblem ? <p className="fg-admin-hint">{couponProblem}</p> : null}
        </div>
        <DateRangeField value={range} onChange={setRange} />
      </section>
      {coupon === '' ? (
        <p className="fg-admin-empty">Type a coupon: its report appears here, every day with a score in the range.</p>
      ) : query.isError ? (
        <Alert variation="error" heading="Error!">
          {query.error.message}
        </Alert>
      ) : query.isPending ? (
        <PageLoader label="Loading the report" />
      ) : rows.length === 0 ? (
        <p className="fg-admin-empty" role="status">
          No data available
        </p>
      ) : (
        <section aria-labelledby="fg-report-table" aria-busy={query.isFetching}>
          <h2 id="fg-report-table">
            {asked.couponId}: {window.startDate} to {window.endDate}
          </h2>
          <DataTable label={`${page.title} table`} columns={columns} data={rows} getRowId={(row) => row.id} />
        </section>
      )}
    </div>
  );
}
