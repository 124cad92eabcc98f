import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths, withParams } from '@/config/paths';
import { formatScoreDay, mainScoreLabel } from '@/lib/score-display';
import { deviationWords } from '../lib/baseline-words';
import { type MorningGroup, morningGroups, type RosterRow, teamCheckIns } from '../lib/roster';

const GROUP_TITLES: Record<MorningGroup, string> = {
  'not-ready': 'Not ready or below their baseline',
  'not-checked-in': 'Not checked in yet',
  ready: 'Ready',
};

const memberPath = (row: RosterRow) => withParams(paths.home.myTeam.memberStatistics, { id: row.userId });

/** What a name says beside it: today's score and drop, or the last check-in of a member not in yet. */
function memberNote(row: RosterRow): string {
  if (row.group === 'not-checked-in') return row.lastCheckInDate ? `last check-in ${formatScoreDay(row.lastCheckInDate)}` : 'never checked in';
  const score = row.fgScore == null ? 'No data' : `${row.fgScore} · ${mainScoreLabel(row.fgScore)}`;
  return row.fgDeviation?.below || row.group === 'not-ready' ? `${score} · ${deviationWords(row.fgDeviation)}` : score;
}

/**
 * The morning at a glance (docs/teams.md, "Who is not ready"): today's members by name in three groups, the ones who
 * need the staff first; each name opens the member's page. `nudge` is the Nudge for the members not checked in.
 */
export function MorningGroups({ rows, state, nudge }: { rows: readonly RosterRow[]; state: 'pending' | 'error' | 'success'; nudge?: ReactNode }) {
  const { members, checkedInToday } = teamCheckIns(rows);
  const groups = morningGroups(rows);
  const summary =
    state === 'pending'
      ? 'Loading the check-ins…'
      : state === 'error'
        ? 'The check-ins could not be loaded (see Members below).'
        : members === 0
          ? 'The team has no gamers yet.'
          : `${checkedInToday} of ${members} members checked in today.`;
  return (
    <section aria-labelledby="fg-morning" aria-busy={state === 'pending'} className="fg-morning">
      <div className="fg-section-head">
        <h2 id="fg-morning">Today</h2>
        <p className="fg-section-note fg-check-ins-today">{summary}</p>
      </div>
      {state === 'success' && members > 0 ? (
        <div className="fg-morning__groups">
          {(Object.keys(GROUP_TITLES) as MorningGroup[]).map((group) => (
            <section key={group} className="fg-morning__group" data-group={group} aria-labelledby={`fg-morning-${group}`}>
              <div className="fg-morning__head">
                <h3 id={`fg-morning-${group}`}>
                  {GROUP_TITLES[group]} <span className="fg-morning__count">({groups[group].length})</span>
                </h3>
                {group === 'not-checked-in' ? nudge : null}
              </div>
              {groups[group].length === 0 ? (
                <p className="fg-morning__none">Nobody</p>
              ) : (
                <ul className="fg-morning__names">
                  {groups[group].map((row) => (
                    <li key={row.userId} data-below-baseline={row.fgDeviation?.below ? '' : undefined}>
                      <Link to={memberPath(row)}>{row.name}</Link> <span className="fg-morning__note">{memberNote(row)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      ) : state === 'pending' ? (
        // The three boxes' frames hold their place while the check-ins load, so that the names arriving do not push
        // the members and charts below down the page (a layout shift, docs/performance.md).
        <div className="fg-morning__groups" aria-hidden="true">
          {Object.values(GROUP_TITLES).map((title) => (
            <div key={title} className="fg-morning__group fg-morning__group--loading">
              <div className="fg-morning__head">
                <h3>{title}</h3>
              </div>
              <p className="fg-morning__none">…</p>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
