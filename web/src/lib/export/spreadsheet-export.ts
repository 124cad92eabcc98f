/**
 * The one place the app writes spreadsheets (docs/product.md, "Team analytics", exports): xlsx or csv, one sheet named
 * `Sheet 01`, every column 18 characters wide except the id column (35) and the completeness column (30); dates stay
 * `YYYY-MM-DD` text. SheetJS (`xlsx`) is imported only when an export is asked for, so it never enters a page's first
 * bundle, and it only writes: the app never parses a file with it.
 */
export type ExportFormat = 'xlsx' | 'csv';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['xlsx', 'csv'];

const EXPORT_SHEET_NAME = 'Sheet 01';
const DEFAULT_COLUMN_WIDTH = 18;
const ID_COLUMN_WIDTH = 35;
const COMPLETENESS_COLUMN_WIDTH = 30;

export type ExportCell = string | number | null;

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => ExportCell;
  /** The id column and the completeness column are wider than the others. */
  role?: 'id' | 'completeness';
}

function columnWidth(column: Pick<ExportColumn<never>, 'role'>): number {
  if (column.role === 'id') return ID_COLUMN_WIDTH;
  if (column.role === 'completeness') return COMPLETENESS_COLUMN_WIDTH;
  return DEFAULT_COLUMN_WIDTH;
}

/** The sheet as rows of cells, header first, with each column's width in characters. */
interface ExportSheet {
  rows: ExportCell[][];
  widths: number[];
}

export function exportSheet<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): ExportSheet {
  return {
    rows: [columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.value(row)))],
    widths: columns.map(columnWidth),
  };
}

/** A file name without characters that file systems refuse. */
const safeFileName = (name: string) => name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';

/** Builds the file and hands it to the browser as a download named `<baseName>.<format>`. */
export async function downloadExport<Row>(
  baseName: string,
  format: ExportFormat,
  columns: readonly ExportColumn<Row>[],
  rows: readonly Row[],
): Promise<void> {
  const XLSX = await import('xlsx');
  const sheet = exportSheet(columns, rows);
  const worksheet = XLSX.utils.aoa_to_sheet(sheet.rows);
  worksheet['!cols'] = sheet.widths.map((wch) => ({ wch }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, worksheet, EXPORT_SHEET_NAME);
  XLSX.writeFile(workbook, `${safeFileName(baseName)}.${format}`, { bookType: format });
}
