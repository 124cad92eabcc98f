import { isDirector } from '@core/roles';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { Icon } from '@/components/ui/icon';
import { useToast } from '@/components/ui/toast/toast';
import { paths } from '@/config/paths';
import { useTeamSelection } from '@/lib/team-selection';
import { useViewer, type TeamSummary, type Viewer } from '@/lib/viewer';
import { useDeleteTeam } from '../api/team-membership';
import { useLatestTeamScores } from '../api/team-stats';
import '../team-portals.css';

/** Delete dashboard is disabled while the user has fewer than 2 teams (docs/teams.md, "Pages"). */
const MIN_TEAMS_TO_DELETE = 2;

/** The teams whose dashboards the user opens: those they direct, then those they coach. */
function dashboardTeams(viewer: Viewer): TeamSummary[] {
  const owned = viewer.teams?.owned ?? [];
  const coached = (viewer.teams?.coached ?? []).filter((team) => !owned.some((own) => own.id === team.id));
  return [...owned, ...coached];
}

/**
 * The sidebar's team dashboards (docs/product.md, "Navigation sidebar"): an icon per team that enters it, with a
 * tooltip of its name and latest main score; for directors, Purchase a Team Dashboard and Delete dashboard.
 */
export function TeamDashboards() {
  const viewer = useViewer();
  if (!viewer) return null;
  const teams = dashboardTeams(viewer);
  const director = isDirector(viewer.groups);
  if (teams.length === 0 && !director) return null;
  return (
    <div className="fg-team-dashboards">
      <ul className="fg-team-dashboards__list" aria-label="Team dashboards">
        {teams.map((team) => (
          <TeamIcon key={team.id} team={team} selected={team.id === viewer.selectedTeamId} />
        ))}
        {director ? (
          <li>
            <Link
              to={paths.pricing}
              className="fg-icon-button fg-team-icon fg-team-icon--add"
              aria-label="Purchase a Team Dashboard"
              title="Purchase a Team Dashboard"
            >
              <Icon name="plus" />
            </Link>
          </li>
        ) : null}
      </ul>
      {director ? <DeleteDashboard viewer={viewer} /> : null}
    </div>
  );
}

function TeamIcon({ team, selected }: { team: TeamSummary; selected: boolean }) {
  const { selectTeam } = useTeamSelection();
  const score = useLatestTeamScores([team.id]).get(team.id)?.value;
  const tooltipId = useId();
  // Where the tooltip shows (beside the icon), while the icon is hovered or focused; null when hidden.
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const show = (event: { currentTarget: HTMLElement }) => setAnchor(event.currentTarget.getBoundingClientRect());
  const hide = () => setAnchor(null);
  return (
    <li className="fg-team-icon__item">
      <button
        type="button"
        className="fg-icon-button fg-team-icon"
        aria-label={team.name}
        aria-describedby={tooltipId}
        aria-pressed={selected}
        onClick={() => void selectTeam(team)}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => event.key === 'Escape' && hide()}
      >
        <Avatar name={team.name} src={team.avatar} size="small" />
      </button>
      {/* In <body>, so the sidebar's scrolling box does not clip it. */}
      {createPortal(
        <span
          role="tooltip"
          id={tooltipId}
          className="fg-team-icon__tooltip"
          hidden={anchor === null}
          style={anchor ? { top: anchor.top + anchor.height / 2, left: anchor.right + 8 } : undefined}
        >
          {team.name}
          {typeof score === 'number' ? ` · Score ${score}` : ''}
        </span>,
        document.body,
      )}
    </li>
  );
}

/** Deletes the selected team's dashboard after the confirmation, then opens the Director Portal. */
function DeleteDashboard({ viewer }: { viewer: Viewer }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { clearSelectedTeam } = useTeamSelection();
  const [confirming, setConfirming] = useState(false);
  const owned = viewer.teams?.owned ?? [];
  const team = owned.find((own) => own.id === viewer.selectedTeamId) ?? null;
  // Then the profile is read again, and the Director Portal opens.
  const remove = useDeleteTeam({
    onDeleted: () => {
      setConfirming(false);
      clearSelectedTeam();
    },
    onRefreshed: () => void navigate(paths.home.managerPortal),
    // The spec only logs delete-team errors; the user still needs to know it failed (docs/teams.md, "Pages").
    onError: (error) => {
      setConfirming(false);
      console.error(error);
      toast.error(error.message);
    },
  });
  const enabled = owned.length >= MIN_TEAMS_TO_DELETE && team !== null;
  const why = owned.length < MIN_TEAMS_TO_DELETE ? 'You need 2 or more team dashboards to delete one' : 'Choose the team dashboard to delete first';
  return (
    <>
      <button
        type="button"
        className="fg-nav-link"
        disabled={!enabled}
        title={enabled ? 'Delete dashboard' : why}
        onClick={() => setConfirming(true)}
      >
        <Icon name="trash" />
        <span className="fg-nav-link__label">Delete dashboard</span>
      </button>
      <ConfirmDialog
        open={confirming && team !== null}
        title="Delete Dashboard"
        busy={remove.isPending}
        onDecline={() => setConfirming(false)}
        onAccept={() => team && remove.mutate(team.id)}
      >
        Are you sure you want to delete {team?.name}?
      </ConfirmDialog>
    </>
  );
}
