import { PageLoader } from '@/components/ui/page-loader';
import { MyTeamPage } from '@/features/my-team/components/my-team-page';
import { useViewer } from '@/lib/viewer';

/**
 * /home/my-team: the team chosen in the sidebar or a portal (restored from the server with the profile). The Edit team
 * button comes from the team-form feature through `editTeamAction`.
 */
export function MyTeamRoute() {
  const viewer = useViewer();
  // The selected team arrives with the profile: wait for it rather than say that no team is chosen.
  if (!viewer || viewer.teams === null) return <PageLoader label="Loading your team…" />;
  return <MyTeamPage teamId={viewer.selectedTeamId} groups={viewer.groups} />;
}
