import {
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { SelectCheckbox } from './select-checkbox';
import { TablePager } from './table-pager';

/** The message of a table without rows (docs/ui-kit.md, data table). */
const EMPTY_TABLE_MESSAGE = 'No Items Found!';
/** Default rows per page (docs/ui-kit.md, data table). */
export const DEFAULT_PAGE_SIZE = 10;

type CellValue = string | number | Date | null | undefined;

export interface DataTableColumn<TData> {
  id: string;
  header: string;
  /** The value the column sorts by, shown as text unless `cell` is given. */
  value: (row: TData) => CellValue;
  /** What the cell shows instead of the value (a link, a coloured label, a thumbnail). */
  cell?: (row: TData) => ReactNode;
  /** Sortable unless false. */
  sortable?: boolean;
  /** Long text (an e-mail, a name) wraps inside the cell instead of widening the table past its page. */
  wraps?: boolean;
}

interface RowSelection<TData> {
  selectedIds: readonly string[];
  onChange: (selectedIds: string[]) => void;
  /** Names a row in its checkbox's label (`Select ada@fitgauge.test`). */
  rowLabel: (row: TData) => string;
}

/** One column's order: its id, descending or not. */
export interface ColumnSort {
  id: string;
  desc: boolean;
}

/**
 * Paging and sorting done by the server (take/skip and orderBy/direction): `data` is the current page only, the
 * caller holds the page and the order and fetches again when the table asks for another.
 */
interface ServerSide {
  /** All rows matching, across pages. */
  rowCount: number;
  pageIndex: number;
  pageSize: number;
  onPage: (page: { pageIndex: number; pageSize: number }) => void;
  sort: ColumnSort | null;
  onSort: (sort: ColumnSort | null) => void;
}

const resolve = <T,>(updater: Updater<T>, current: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater);

interface DataTableProps<TData> {
  /** Names the table (its caption) and its scroll region. */
  label: string;
  /** Keep the array stable (module scope or useMemo): a new array rebuilds the table's columns. */
  columns: readonly DataTableColumn<TData>[];
  data: readonly TData[];
  getRowId: (row: TData) => string;
  initialPageSize?: number;
  /** Given, the table shows a checkbox per row and one for all rows of the page. */
  selection?: RowSelection<TData>;
  /** Given, the server pages and sorts; otherwise the table does both on `data`. */
  serverSide?: ServerSide;
  /** Given, a click anywhere on a row (not on a control inside it), or Enter on the focused row, opens it. */
  onRowOpen?: (row: TData) => void;
}

/** True when the event started on a control of its own inside the row (a link, a button, a checkbox). */
const fromControlInside = (event: { target: EventTarget; currentTarget: Element }) =>
  event.target instanceof Element &&
  event.target !== event.currentTarget &&
  event.target.closest('a, button, input, select, textarea, label') !== null;

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, datetime: sortFn_datetime },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  rowSelectionFeature,
});

type Features = typeof features;

function displayValue(value: CellValue): string {
  if (value == null) return '';
  return value instanceof Date ? value.toLocaleDateString() : String(value);
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The data table of docs/ui-kit.md: sortable headers (ascending, descending, none), optional row
 * selection, `No Items Found!` when empty, and paging (first, previous, next, last, go to page, rows per
 * page). On a narrow screen the table scrolls sideways inside its own region.
 */
export function DataTable<TData extends object>({
  label,
  columns,
  data,
  getRowId,
  initialPageSize = DEFAULT_PAGE_SIZE,
  selection,
  serverSide,
  onRowOpen,
}: DataTableProps<TData>) {
  const columnDefs = useMemo(
    () =>
      columns.map((column): ColumnDef<Features, TData> => ({
        id: column.id,
        header: column.header,
        accessorFn: column.value,
        enableSorting: column.sortable ?? true,
        cell: ({ row }) => (column.cell ? column.cell(row.original) : displayValue(column.value(row.original))),
      })),
    [columns],
  );
  const wrapping = useMemo(() => new Set(columns.filter((column) => column.wraps).map((column) => column.id)), [columns]);
  const rows = useMemo(() => [...data], [data]);
  const rowSelection = useMemo(
    () => Object.fromEntries((selection?.selectedIds ?? []).map((id) => [id, true])) as RowSelectionState,
    [selection?.selectedIds],
  );
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    const next = resolve(updater, rowSelection);
    selection?.onChange(Object.keys(next).filter((id) => next[id]));
  };
  const serverState = useMemo(
    () =>
      serverSide && {
        pagination: { pageIndex: serverSide.pageIndex, pageSize: serverSide.pageSize } satisfies PaginationState,
        sorting: (serverSide.sort ? [serverSide.sort] : []) satisfies SortingState,
      },
    [serverSide],
  );
  const serverOptions = serverSide &&
    serverState && {
      manualPagination: true,
      manualSorting: true,
      rowCount: serverSide.rowCount,
      onPaginationChange: (updater: Updater<PaginationState>) => serverSide.onPage(resolve(updater, serverState.pagination)),
      onSortingChange: (updater: Updater<SortingState>) => serverSide.onSort(resolve(updater, serverState.sorting)[0] ?? null),
    };

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId,
    initialState: { pagination: { pageIndex: 0, pageSize: initialPageSize } },
    // Every column's first click sorts ascending, numbers included; the third click removes the sort.
    sortDescFirst: false,
    enableMultiSort: false,
    enableRowSelection: Boolean(selection),
    state: { rowSelection, ...serverState },
    onRowSelectionChange,
    ...serverOptions,
  });

  const pageRows = table.getRowModel().rows;
  const columnCount = columns.length + (selection ? 1 : 0);

  return (
    <div className="fg-table">
      {/* Focusable so a keyboard can scroll a table wider than the screen. */}
      <div className="fg-table__scroll" role="region" aria-label={label} tabIndex={0}>
        <table className="fg-table__table">
          <caption className="fg-visually-hidden">{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selection ? (
                  <th scope="col" className="fg-table__select">
                    <SelectCheckbox
                      label="Select all rows on this page"
                      checked={table.getIsAllPageRowsSelected()}
                      indeterminate={table.getIsSomePageRowsSelected()}
                      onChange={table.getToggleAllPageRowsSelectedHandler()}
                    />
                  </th>
                ) : null}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="fg-table__sort" onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <span className="fg-table__sort-mark" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {pageRows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="fg-table__empty">
                  {EMPTY_TABLE_MESSAGE}
                </td>
              </tr>
            ) : (
              pageRows.map((row) => (
                <tr
                  key={row.id}
                  aria-selected={selection ? row.getIsSelected() : undefined}
                  className={onRowOpen ? 'fg-table__row--opens' : undefined}
                  tabIndex={onRowOpen ? 0 : undefined}
                  onClick={onRowOpen ? (event) => fromControlInside(event) || onRowOpen(row.original) : undefined}
                  onKeyDown={
                    onRowOpen
                      ? (event) => {
                          if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
                          event.preventDefault();
                          onRowOpen(row.original);
                        }
                      : undefined
                  }
                >
                  {selection ? (
                    <td className="fg-table__select">
                      <SelectCheckbox
                        label={`Select ${selection.rowLabel(row.original)}`}
                        checked={row.getIsSelected()}
                        onChange={row.getToggleSelectedHandler()}
                      />
                    </td>
                  ) : null}
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={wrapping.has(cell.column.id) ? 'fg-table__cell--wraps' : undefined}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <TablePager
        label={label}
        pageIndex={table.state.pagination.pageIndex}
        pageSize={table.state.pagination.pageSize}
        pageCount={table.getPageCount()}
        onPageIndex={table.setPageIndex}
        onPageSize={table.setPageSize}
      />
    </div>
  );
}
