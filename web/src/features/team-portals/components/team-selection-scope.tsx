import { isDirector } from '@core/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { fetchSelectedTeamId, saveSelectedTeam, verifyTeamSubscription } from '../api/teams-api';
import { isTeamEntryPage } from '../lib/team-entry';

const selectedTeamKey = (userId: string) => ['teams', 'selected', userId] as const;

/** Only a director entering a team they own has its subscription checked (docs/product.md, "Team selection"). */
const checksSubscription = (viewer: Viewer, teamId: string) =>
  isDirector(viewer.groups) && (viewer.teams?.owned ?? []).some((team) => team.id === teamId);

/**
 * The team saved on the server, restored on load (docs/product.md, "Team selection"). A director's team whose
 * subscription has ended is not restored: choosing it again shows the Subscription expired prompt. Failures leave no
 * team chosen (docs/product.md, "Team selection": a failed load or save is ignored).
 */
async function restoreSelectedTeam(viewer: Viewer): Promise<string | null> {
  const teamId = await fetchSelectedTeamId().catch(() => null);
  if (!teamId || !checksSubscription(viewer, teamId)) return teamId;
  const status = await verifyTeamSubscription(teamId).catch(() => 'active' as const);
  return status === 'inActive' ? null : teamId;
}

/**
 * The team selection of the signed-in frame: restores the chosen team, lets pages and the sidebar choose another
 * (useTeamSelection), and gives the pages below the viewer with that team and its Journal marker.
 */
export function TeamSelectionScope({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const notificationCount = useTeamNotificationCount();
  const [expiredTeam, setExpiredTeam] = useState<TeamChoice | null>(null);

  const userId = viewer?.userId ?? '';
  const restored = useQuery({
    queryKey: selectedTeamKey(userId),
    queryFn: () => restoreSelectedTeam(viewer!),
    // After `me`, which says which teams the user owns.
    enabled: viewer?.teams != null,
    staleTime: Infinity,
  });
  const selectedTeamId = restored.data ?? null;

  const selectTeam = useCallback(
    async (team: TeamChoice) => {
      if (!viewer) return;
      if (checksSubscription(viewer, team.id)) {
        let status: 'active' | 'inActive';
        try {
          status = await verifyTeamSubscription(team.id);
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
      // under way is cancelled first, or its older answer would land after this choice and undo it.
      await queryClient.cancelQueries({ queryKey: selectedTeamKey(viewer.userId) });
      queryClient.setQueryData(selectedTeamKey(viewer.userId), team.id);
      saveSelectedTeam(team.id).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: ['teams', team.id] });
      if (isTeamEntryPage(pathname)) void navigate(paths.home.myTeam.statistics);
    },
    [viewer, queryClient, toast, pathname, navigate],
  );

  const selection = useMemo<TeamSelection>(
    () => ({ selectTeam, clearSelectedTeam: () => queryClient.setQueryData(selectedTeamKey(userId), null) }),
    [selectTeam, queryClient, userId],
  );

  const scopedViewer = useMemo<Viewer | null>(
    () =>
      viewer && {
        ...viewer,
        selectedTeamId,
        hasTeamNotifications: selectedTeamId !== null && notificationCount(selectedTeamId) > 0,
      },
    [viewer, selectedTeamId, notificationCount],
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
