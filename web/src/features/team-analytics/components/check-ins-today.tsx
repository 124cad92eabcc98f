import type { ReactNode } from 'react';
import { type RosterRow, teamCheckIns } from '../lib/roster';

/** How many members checked in today (on each member's own clock), and what the staff can do about the others. */
export function CheckInsToday({
  rows,
  state,
  children,
}: {
  rows: readonly RosterRow[];
  state: 'pending' | 'error' | 'success';
  children?: ReactNode;
}) {
  const { members, checkedInToday } = teamCheckIns(rows);
  const summary =
    state === 'pending'
      ? 'Loading the check-ins…'
      : state === 'error'
        ? 'The check-ins could not be loaded (see Members below).'
        : members === 0
          ? 'The team has no gamers yet.'
          : `${checkedInToday} of ${members} members checked in today.`;
  return (
    <section aria-labelledby="fg-check-ins-today" aria-busy={state === 'pending'}>
      <div className="fg-section-head">
        <h2 id="fg-check-ins-today">Check-ins today</h2>
        {children}
      </div>
      <p className="fg-section-note fg-check-ins-today">{summary}</p>
    </section>
  );
}
