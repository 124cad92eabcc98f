import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button/button';
import { Dialog, INITIAL_FOCUS } from '@/components/ui/dialog/dialog';
import { ButtonLink } from '@/components/ui/link/button-link';
import { useToast } from '@/components/ui/toast/toast';
import { paths, withQuery } from '@/config/paths';
import { useTeamNotificationCount } from '@/lib/team-notifications';
import { TeamSelectionProvider, type TeamChoice, type TeamSelection } from '@/lib/team-selection';
import { ViewerProvider, useViewer, type Viewer } from '@/lib/viewer';
import { useRestoredTeam, useTeamChoice } from '../api/selected-team';
import { isTeamEntryPage } from '../lib/team-entry';
import { checksSubscription } from '../lib/team-subscription';

/**
 * The team selection of the signed-in frame: restores the chosen team, lets pages and the sidebar choose another
 * (useTeamSelection), and gives the pages below the viewer with that team and its Journal marker.
 */
export function TeamSelectionScope({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const notificationCount = useTeamNotificationCount();
  const [expiredTeam, setExpiredTeam] = useState<TeamChoice | null>(null);

  const userId = viewer?.userId ?? '';
  // The team saved on the server, restored once `me` says which teams the user owns (docs/product.md, "Team selection").
  const restored = useRestoredTeam(viewer);
  const teamChoice = useTeamChoice(userId);
  const selectedTeamId = restored.data ?? null;

  const selectTeam = useCallback(
    async (team: TeamChoice) => {
      if (!viewer) return;
      if (checksSubscription(viewer, team.id)) {
        let status: 'active' | 'inActive';
        try {
          status = await teamChoice.subscriptionStatus(team.id);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : String(error));
          return;
        }
        if (status === 'inActive') {
          setExpiredTeam(team);
          return;
        }
      }
      // Set here first, then saved; a failed save is ignored (docs/product.md, "Team selection"). A restore still
      // under way is cancelled first (useTeamChoice), or its older answer would land after this choice and undo it.
      await teamChoice.choose(team.id);
      if (isTeamEntryPage(pathname)) void navigate(paths.home.myTeam.statistics);
    },
    [viewer, teamChoice, toast, pathname, navigate],
  );

  const selection = useMemo<TeamSelection>(() => ({ selectTeam, clearSelectedTeam: teamChoice.clear }), [selectTeam, teamChoice]);

  const scopedViewer = useMemo<Viewer | null>(
    () =>
      viewer && {
        ...viewer,
        selectedTeamId,
        // Pending also while the restore waits for `me` (a disabled query is pending).
        selectedTeamRestoring: restored.isPending,
        hasTeamNotifications: selectedTeamId !== null && notificationCount(selectedTeamId) > 0,
      },
    [viewer, selectedTeamId, restored.isPending, notificationCount],
  );

  return (
    <ViewerProvider value={scopedViewer}>
      <TeamSelectionProvider value={selection}>
        {children}
        <SubscriptionExpiredDialog team={expiredTeam} onClose={() => setExpiredTeam(null)} />
      </TeamSelectionProvider>
    </ViewerProvider>
  );
}

/** The prompt a director gets on entering a team whose subscription ended (docs/product.md, "Team selection"). */
function SubscriptionExpiredDialog({ team, onClose }: { team: TeamChoice | null; onClose: () => void }) {
  return (
    <Dialog
      open={team !== null}
      title="Subscription expired"
      onClose={onClose}
      alert
      actions={
        <>
          <Button onClick={onClose} {...INITIAL_FOCUS}>
            Close
          </Button>
          <ButtonLink variation="primary" to={withQuery(paths.pricing, { teamId: team?.id ?? '' })} onClick={onClose}>
            Renew subscription
          </ButtonLink>
        </>
      }
    >
      <p className="amplify-text">The subscription of {team?.name} has expired. Renew it to open the team&apos;s dashboard again.</p>
    </Dialog>
  );
}
