import type { InviteRole } from '@core/teams';
import { Button } from '@/components/ui/button/button';
import type { DataTableColumn } from '@/components/ui/data-table/data-table';

interface RowAction<T> {
  /** The button's text (Remove, Delete). */
  label: string;
  /** Names the row in the button's accessible name (`Remove Ada Gamer`). */
  describe: (row: T) => string;
  /** Shown only on the rows whose role the viewer manages. */
  roles: readonly InviteRole[];
  onClick: (row: T) => void;
}

/** The Actions column of a team table: one destructive button on each row of a role the viewer manages. */
export function actionColumn<T extends { role: string }>({ label, describe, roles, onClick }: RowAction<T>): DataTableColumn<T> {
  return {
    id: 'actions',
    header: 'Actions',
    sortable: false,
    value: () => null,
    cell: (row) =>
      roles.some((role) => role === row.role) ? (
        <Button size="small" variation="warning" onClick={() => onClick(row)} aria-label={`${label} ${describe(row)}`}>
          {label}
        </Button>
      ) : null,
  };
}
