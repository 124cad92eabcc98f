import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ExportButtons } from '@/components/export/export-buttons';
import { LoadError } from '@/components/errors/load-error';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { SearchBox } from '@/components/ui/search-box/search-box';
import { paths, withParams } from '@/config/paths';
import { downloadExport } from '@/lib/export/spreadsheet-export';
import { readinessTier } from '@core/scoring';
import { formatInstant, formatScoreDay } from '@/lib/score-display';
import type { TeamMemberScore } from '../api/team-statistics';
import { deviationWords } from '../lib/baseline-words';
import { rosterColumns } from '../lib/exports';
import { type RosterRow, searchRoster, teamCheckIns } from '../lib/roster';

const SEARCH_DEBOUNCE_MS = 200;
const NO_DATA = 'No data';

/** The day a value shown before today's check-in comes from; it wraps under the value when the column is narrow. */
const OnDay = ({ day }: { day: string }) => <span className="fg-on-day">on {formatScoreDay(day)}</span>;

/** A value that never breaks inside (the members table's cells may wrap between their parts, not within one). */
const Whole = ({ children }: { children: string }) => <span className="fg-members-table__whole">{children}</span>;

const COLUMNS: readonly DataTableColumn<RosterRow>[] = [
  {
    id: 'name',
    header: 'Name',
    value: (row) => row.name,
    cell: (row) => <Link to={withParams(paths.home.myTeam.memberStatistics, { id: row.userId })}>{row.name}</Link>,
  },
  {
    id: 'fgScore',
    header: 'FG Score',
    value: (row) => row.fgScore,
    cell: (row) =>
      row.fgScore == null ? (
        NO_DATA
      ) : (
        <>
          <Whole>{`${row.fgScore} · ${row.fgScoreLabel}`}</Whole>
          {row.fgDeviation?.below ? (
            <span className="fg-baseline-flag" data-below-baseline="">
              {deviationWords(row.fgDeviation)}
            </span>
          ) : null}
        </>
      ),
  },
  {
    id: 'readiness',
    header: 'Readiness',
    // Sorted by the game readiness behind the tier, so Game On comes last ascending, first descending.
    value: (row) => row.gameReadiness,
    cell: (row) =>
      // Before today's check-in: the latest day's readiness, with its day.
      row.gameReadiness == null && row.lastGameReadiness != null && row.lastCheckInDate ? (
        <span className="fg-tier-label" data-tier={readinessTier(row.lastGameReadiness) ?? NO_DATA}>
          <Whole>{`${readinessTier(row.lastGameReadiness) ?? NO_DATA} (${row.lastGameReadiness})`}</Whole> <OnDay day={row.lastCheckInDate} />
        </span>
      ) : (
        <span className="fg-tier-label" data-tier={row.tier}>
          <Whole>{row.gameReadiness == null ? row.tier : `${row.tier} (${row.gameReadiness})`}</Whole>
        </span>
      ),
  },
  { id: 'streak', header: 'Streak', value: (row) => row.streak },
  {
    id: 'completion',
    header: 'Completion',
    value: (row) => row.avgCompletion,
    cell: (row) =>
      row.checkedInToday && row.avgCompletion != null ? (
        `${row.avgCompletion}%`
      ) : row.lastAvgCompletion != null && row.lastCheckInDate ? (
        <>
          {`${row.lastAvgCompletion}%`} <OnDay day={row.lastCheckInDate} />
        </>
      ) : (
        NO_DATA
      ),
  },
  {
    id: 'today',
    header: 'Today',
    // Sorted by the last check-in: today's come after (ascending) or before (descending) everyone not yet in.
    value: (row) => row.lastCheckInAt ?? '',
    cell: (row) => (
      <span className="fg-check-in-status" data-status={row.todayStatus}>
        <span className="fg-check-in-status__label">{row.todayStatus}</span>
        <span className="fg-check-in-status__last">{row.lastCheckInAt ? `Last ${formatInstant(row.lastCheckInAt)}` : 'Never checked in'}</span>
      </span>
    ),
  },
  {
    id: 'checkInRate',
    header: 'Check-in rate',
    value: (row) => row.checkInRate,
    cell: (row) =>
      row.checkInRate == null ? (
        NO_DATA
      ) : (
        <>
          {`${row.checkInRate}%`} <Whole>{`(${row.daysCheckedIn} of ${row.daysCounted} days)`}</Whole>
        </>
      ),
  },
];

interface MembersSectionProps {
  teamId: string;
  teamName: string | null;
  rows: readonly RosterRow[];
  query: UseQueryResult<TeamMemberScore[]>;
  /** The window the check-in rates cover, in words ("the last 7 days"). */
  windowLabel: string;
}

/**
 * The members table: each gamer's score now, readiness, streak, completion, today's check-in and check-in rate over
 * the window, with the team's rate; searchable, sortable, exportable.
 */
export function MembersSection({ teamId, teamName, rows, query, windowLabel }: MembersSectionProps) {
  const [term, setTerm] = useState('');
  const shown = useMemo(() => searchRoster(rows, term), [rows, term]);
  const exportMembers = (format: 'xlsx' | 'csv') =>
    downloadExport(`${teamName ?? teamId}-members-${rows[0]?.date ?? ''}`, format, rosterColumns(teamCheckIns(rows)), shown);
  return (
    <section aria-labelledby="fg-team-members" aria-busy={query.isFetching}>
      <div className="fg-section-head">
        <h2 id="fg-team-members">Members</h2>
        <ExportButtons what="members" disabled={!query.isSuccess || shown.length === 0} onExport={exportMembers} />
      </div>
      {query.isError ? (
        <LoadError heading="The members could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <div className="fg-table-skeleton fg-skeleton" role="status">
          <span className="fg-visually-hidden">Loading the members…</span>
        </div>
      ) : (
        <>
          <TeamRate rows={rows} windowLabel={windowLabel} updating={query.isPlaceholderData} />
          <div className="fg-members-search">
            <SearchBox label="Search members" debounceMs={SEARCH_DEBOUNCE_MS} onSearch={setTerm} />
          </div>
          <div className="fg-members-table">
            <DataTable label="Members table" columns={COLUMNS} data={shown} getRowId={(row) => row.userId} />
          </div>
        </>
      )}
    </section>
  );
}

/** The team's check-in rate over the window: every member's days summed (docs/teams.md, "Compliance"). */
function TeamRate({ rows, windowLabel, updating }: { rows: readonly RosterRow[]; windowLabel: string; updating: boolean }) {
  const { rate, daysCheckedIn, daysCounted } = teamCheckIns(rows);
  return (
    <p className="fg-section-note fg-team-rate">
      Team check-in rate over {windowLabel}: <strong>{rate == null ? NO_DATA : `${rate}% (${daysCheckedIn} of ${daysCounted} member days)`}</strong>
      {updating ? ' · updating…' : ''}
    </p>
  );
}
