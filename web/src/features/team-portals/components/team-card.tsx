import type { CSSProperties, ReactNode } from 'react';
import { mainScoreLabel } from '@/lib/score-display';
import type { TeamSummary } from '@/lib/viewer';

interface TeamCardProps {
  team: TeamSummary;
  /** The latest team score: undefined while loading, null without one. */
  score: number | null | undefined;
  hasNotifications: boolean;
  selected: boolean;
  onSelect: (team: TeamSummary) => void;
  /** More lines under the score (the coach portal's members and date joined). */
  details?: ReactNode;
}

/** A team's card (spec 000 section 2, manager portal): its avatar as background, name, latest score, a red dot for notifications. */
export function TeamCard({ team, score, hasNotifications, selected, onSelect, details }: TeamCardProps) {
  const style: CSSProperties | undefined = team.avatar ? { backgroundImage: `url("${encodeURI(team.avatar)}")` } : undefined;
  return (
    <li className="fg-team-card-item">
      <button type="button" className="fg-team-card" style={style} aria-pressed={selected} onClick={() => onSelect(team)}>
        <span className="fg-team-card__name">{team.name}</span>
        <span className="fg-team-card__score">
          {score === undefined ? 'Loading score…' : `Team score ${score ?? '–'} · ${mainScoreLabel(score)}`}
        </span>
        {details}
        {hasNotifications ? <span className="fg-team-card__dot" role="img" aria-label="new notifications" /> : null}
      </button>
    </li>
  );
}
