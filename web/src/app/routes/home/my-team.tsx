import { useState } from 'react';
import { Button } from '@/components/ui/button/button';
import { PageLoader } from '@/components/ui/page-loader';
import type { MyTeam } from '@/features/my-team/api/members';
import { MyTeamPage } from '@/features/my-team/components/my-team-page';
import { EditTeamDialog } from '@/features/team-form/components/edit-team-dialog';
import { useViewer } from '@/lib/viewer';

/** The Edit team button of My Team, opening the team form's edit dialog (it refreshes every query once saved). */
function EditTeamAction({ team }: { team: MyTeam }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Edit team</Button>
      <EditTeamDialog
        open={open}
        team={{ id: team.id, name: team.name, description: team.description ?? '', game: team.game ?? '', avatar: team.avatar ?? '' }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const editTeamAction = (team: MyTeam) => <EditTeamAction team={team} />;

/** /home/my-team: the team chosen in the sidebar or a portal (restored from the server with the profile). */
export function MyTeamRoute() {
  const viewer = useViewer();
  // The selected team is restored from the server: wait for it rather than say that no team is chosen.
  if (!viewer || viewer.selectedTeamRestoring) return <PageLoader label="Loading your team…" />;
  return <MyTeamPage teamId={viewer.selectedTeamId} groups={viewer.groups} editTeamAction={editTeamAction} />;
}
