import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { formatScoreDay, mainScoreLabel } from '@/lib/score-display';
import { useTeamNotificationCount } from '@/lib/team-notifications';
import { useTeamSelection } from '@/lib/team-selection';
import { useViewer, type TeamSummary } from '@/lib/viewer';
import type { LatestTeamScore } from '../api/team-stats';

interface TeamCardListProps<T extends TeamSummary> {
  /** Names the list for screen readers ("Your teams"). */
  label: string;
  teams: readonly T[];
  /** Latest team scores (with their day) by team id: undefined while loading, null without one. */
  scores: ReadonlyMap<string, LatestTeamScore | null | undefined>;
  /** More lines under a card's score (the coach portal's members and date joined). */
  details?: (team: T) => ReactNode;
}

/**
 * A card's score line, in parts: the latest team score with its tier and day ("Team score 72 · Game On ·
 * 11/30/2026"), even when nobody checked in today; "No check-ins yet" only for a team without a score in the card's
 * window.
 */
function scoreParts(score: LatestTeamScore | null | undefined): string[] {
  if (score === undefined) return ['Loading score…'];
  if (score === null) return ['Team score –', 'No check-ins yet'];
  return [`Team score ${score.value}`, mainScoreLabel(score.value), formatScoreDay(score.date)];
}

/**
 * The portals' team cards (docs/product.md, "Signed-in routes"): each shows the team's avatar as background, its
 * name, latest score and a red dot when it has notifications; choosing a card enters the team.
 */
export function TeamCardList<T extends TeamSummary>({ label, teams, scores, details }: TeamCardListProps<T>) {
  const viewer = useViewer();
  const { selectTeam } = useTeamSelection();
  const notificationCount = useTeamNotificationCount();
  return (
    <ul className="fg-team-cards" aria-label={label}>
      {teams.map((team) => {
        const score = scores.get(team.id);
        const style: CSSProperties | undefined = team.avatar ? { backgroundImage: `url("${encodeURI(team.avatar)}")` } : undefined;
        return (
          <li key={team.id}>
            <button
              type="button"
              className="fg-team-card"
              style={style}
              aria-pressed={viewer?.selectedTeamId === team.id}
              onClick={() => void selectTeam(team)}
            >
              <span className="fg-team-card__name">{team.name}</span>
              <span className="fg-team-card__score">
                {/* Each part on one line: a narrow card wraps between them, not inside "Moderately Ready". */}
                {scoreParts(score).map((part, index) => (
                  <Fragment key={part}>
                    {index > 0 ? ' · ' : ''}
                    <span className="fg-team-card__part">{part}</span>
                  </Fragment>
                ))}
              </span>
              {details?.(team)}
              {notificationCount(team.id) > 0 ? <span className="fg-team-card__dot" role="img" aria-label="new notifications" /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
