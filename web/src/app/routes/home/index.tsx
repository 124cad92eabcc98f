import { isAdmin, isCoach, isDirector } from '@core/roles';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { HomeRedirect } from '@/features/auth/components/require-session';
import { useSession } from '@/features/auth/hooks/use-session';
import { useRestoredTeam } from '@/features/team-portals/api/selected-team';
import { useTeamSelection, type TeamChoice } from '@/lib/team-selection';
import { useViewer } from '@/lib/viewer';
import { teamToStartIn } from './start-team';

/**
 * /home: the page the user's role starts on. A coach whose team is known starts on its Analytics, where today's
 * not-ready and not-checked-in members are named first (issue 31); everyone else as `HomeRedirect` says.
 */
export function HomeIndex() {
  const session = useSession();
  const viewer = useViewer();
  const restored = useRestoredTeam(viewer);
  const coachOnly = !!session && isCoach(session.groups) && !isDirector(session.groups) && !isAdmin(session.groups);
  const decided = coachOnly && viewer?.teams != null && restored.isFetched;
  const team = decided ? teamToStartIn(viewer.teams!, restored.data ?? null) : null;
  if (!coachOnly || (decided && !team)) return <HomeRedirect />;
  if (!team) return <PageLoader />;
  return <EnterTeam team={team} alreadyChosen={team.id === restored.data} />;
}

/**
 * Opens the team's Analytics once it is the chosen one; a team not chosen yet is chosen first (set here, which makes it
 * the chosen one at once, then saved).
 */
function EnterTeam({ team, alreadyChosen }: { team: TeamChoice; alreadyChosen: boolean }) {
  const { selectTeam } = useTeamSelection();
  useEffect(() => {
    if (!alreadyChosen) void selectTeam(team);
  }, [alreadyChosen, selectTeam, team]);
  return alreadyChosen ? <Navigate to={paths.home.myTeam.statistics} replace /> : <PageLoader />;
}
