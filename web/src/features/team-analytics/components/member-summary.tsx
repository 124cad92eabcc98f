import { ButtonLink } from '@/components/ui/link/button-link';
import { paths, withQuery } from '@/config/paths';
import { formatInstant, formatScoreDay, mainScoreLabel } from '@/lib/score-display';
import { deviationWords } from '../lib/baseline-words';
import type { RosterRow } from '../lib/roster';
import { NudgeButton } from './nudge-button';

/**
 * The top of a member's page for his team's staff (docs/teams.md, "Who is not ready"): today's FG Score with its tier
 * and his drop from his own baseline, his last check-in, and what to do: nudge him, open the team's journal.
 */
export function MemberSummary({ row, teamId, canNudge }: { row: RosterRow; teamId: string; canNudge: boolean }) {
  const today = row.checkedInToday && row.fgScore != null;
  return (
    <section aria-label={`${row.name} today`} className="fg-member-summary" data-below-baseline={row.fgDeviation?.below ? '' : undefined}>
      <dl className="fg-member-summary__facts">
        <div>
          <dt>FG Score today</dt>
          <dd>
            {today ? (
              <>
                <strong>{row.fgScore}</strong> · {mainScoreLabel(row.fgScore)}
                {row.fgDeviation?.below ? (
                  <span className="fg-baseline-flag">{deviationWords(row.fgDeviation)}</span>
                ) : (
                  ` · ${deviationWords(row.fgDeviation)}`
                )}
              </>
            ) : (
              'Not checked in yet'
            )}
          </dd>
        </div>
        <div>
          <dt>Last check-in</dt>
          <dd>
            {row.lastCheckInAt && row.lastCheckInDate
              ? `${formatInstant(row.lastCheckInAt)} (for ${formatScoreDay(row.lastCheckInDate)})`
              : 'Never checked in'}
          </dd>
        </div>
      </dl>
      <div className="fg-member-summary__actions">
        {canNudge ? <NudgeButton teamId={teamId} userId={row.userId} notCheckedIn={row.checkedInToday ? 0 : 1} /> : null}
        <ButtonLink to={withQuery(paths.home.myTeam.journal, { teamId })}>Open journal</ButtonLink>
      </div>
    </section>
  );
}
