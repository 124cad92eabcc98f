import type { ReactNode } from 'react';
import { type RosterRow, teamCheckIns } from '../lib/roster';

/** How many members checked in today (on each member's own clock), and what the staff can do about the others. */
export function CheckInsToday({ rows, loading, children }: { rows: readonly RosterRow[]; loading: boolean; children?: ReactNode }) {
  const { members, checkedInToday } = teamCheckIns(rows);
  return (
    <section aria-labelledby="fg-check-ins-today" aria-busy={loading}>
      <div className="fg-section-head">
        <h2 id="fg-check-ins-today">Check-ins today</h2>
        {children}
      </div>
      <p className="fg-section-note fg-check-ins-today">
        {loading ? 'Loading the check-ins…' : members === 0 ? 'The team has no gamers yet.' : `${checkedInToday} of ${members} members checked in today.`}
      </p>
    </section>
  );
}
