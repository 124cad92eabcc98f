import { useMemo, useState } from 'react';
import { LoadError } from '@/components/errors/load-error';
import { Button } from '@/components/ui/button/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { TextField } from '@/components/ui/form/fields';
import { PageLoader } from '@/components/ui/page-loader';
import { formatInstant } from '@/lib/score-display';
import { type AuditLogEntry, useAuditLog } from '../api/audit-logs';
import '../audit-log.css';

/** `{"role":"GAMER"}` as `role: GAMER`, for the table. */
function fieldsText(json: string | null): string {
  if (!json) return '—';
  const fields = JSON.parse(json) as Record<string, unknown>;
  return Object.entries(fields)
    .map(([name, value]) => `${name}: ${value === null ? '—' : String(value)}`)
    .join(', ');
}

/** A cell that puts its id into a filter when clicked. */
function FilterLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="fg-text-button" onClick={onClick}>
      {label}
    </button>
  );
}

/**
 * /home/audit-log/: who did what to whom and when, newest first (docs/accounts.md, "Audit log"); filtered by actor
 * and target (typed ids, or a click on an actor or a target in the table), more loaded on demand.
 */
export function AuditLogPage() {
  const [actorId, setActorId] = useState('');
  const [targetId, setTargetId] = useState('');
  const filter = {
    ...(actorId.trim() ? { actorId: actorId.trim() } : {}),
    ...(targetId.trim() ? { targetId: targetId.trim() } : {}),
  };
  const entries = useAuditLog(filter);

  const columns = useMemo(
    (): DataTableColumn<AuditLogEntry>[] =>
      (
        [
          {
            id: 'at',
            header: 'When',
            value: (entry) => entry.at,
            cell: (entry) => formatInstant(entry.at),
          },
          {
            id: 'actor',
            header: 'Who',
            value: (entry) => entry.actorEmail,
            cell: (entry) => <FilterLink label={entry.actorEmail || entry.actorId} onClick={() => setActorId(entry.actorId)} />,
          },
          { id: 'action', header: 'Action', value: (entry) => entry.action },
          {
            id: 'target',
            header: 'Target',
            value: (entry) => entry.targetLabel,
            cell: (entry) => <FilterLink label={`${entry.targetType} ${entry.targetLabel}`} onClick={() => setTargetId(entry.targetId)} />,
          },
          {
            id: 'before',
            header: 'Before',
            value: (entry) => fieldsText(entry.before),
          },
          {
            id: 'after',
            header: 'After',
            value: (entry) => fieldsText(entry.after),
          },
        ] satisfies DataTableColumn<AuditLogEntry>[]
      ).map((column) => ({ ...column, sortable: false })),
    [],
  );

  return (
    <div className="fg-page fg-audit-log">
      <header className="fg-page__header">
        <h1>Audit log</h1>
      </header>
      <div className="fg-audit-log__filters">
        <TextField label="Actor id" value={actorId} onChange={(event) => setActorId(event.target.value)} maxLength={128} />
        <TextField label="Target id" value={targetId} onChange={(event) => setTargetId(event.target.value)} maxLength={128} />
        {actorId || targetId ? (
          <Button
            onClick={() => {
              setActorId('');
              setTargetId('');
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      {entries.isPending ? (
        <PageLoader label="Loading the audit log…" />
      ) : entries.isError ? (
        <LoadError heading="Oops! Something is not right." error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <>
          <DataTable label="Audit log" columns={columns} data={entries.data.pages.flatMap((page) => page.items)} getRowId={(entry) => entry.id} />
          {entries.hasNextPage ? (
            <Button onClick={() => void entries.fetchNextPage()} isLoading={entries.isFetchingNextPage} loadingText="Loading…">
              Load older entries
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
