import { PageLoader } from '@/components/ui/page-loader';
import { useMe } from '@/features/auth/hooks/use-me';
import { MyTeamPage } from '@/features/my-team/components/my-team-page';
import { useViewer } from '@/lib/viewer';

const NO_GROUPS: readonly string[] = [];

/**
 * /home/my-team: the team chosen in the sidebar (restored from the server with the profile). The Edit team button
 * comes from the team-form feature through `editTeamAction`.
 */
export function MyTeamRoute() {
  const viewer = useViewer();
  // The selected team arrives with the profile: wait for it rather than say that no team is chosen.
  if (useMe().isPending) return <PageLoader label="Loading your team…" />;
  return <MyTeamPage teamId={viewer?.selectedTeamId ?? null} groups={viewer?.groups ?? NO_GROUPS} />;
}
