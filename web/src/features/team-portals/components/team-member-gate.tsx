import { isCoachOrDirector } from '@core/roles';
import { useState } from 'react';
import { Button } from '@/components/ui/button/button';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { ButtonLink } from '@/components/ui/link/button-link';
import { Text } from '@/components/ui/themed/primitives';
import { Dialog } from '@/components/ui/dialog/dialog';
import { paths } from '@/config/paths';
import { useViewer } from '@/lib/viewer';
import { useLeaveTeams } from '../api/team-membership';

/**
 * docs/teams.md, "Pages" (the `Attention!` gate): a gamer who belongs to a team is blocked from the dashboard (the
 * pricing page) until they leave it. The modal cannot be dismissed: Go to Today (the gamer's own pages), Leave Team
 * (after a confirmation, since it leaves every team at once; then the page is usable) or Log Out.
 */
export function TeamMemberGate({ onLogOut, loggingOut }: { onLogOut: () => void; loggingOut: boolean }) {
  const viewer = useViewer();
  const leave = useLeaveTeams();
  const [confirming, setConfirming] = useState(false);
  const teams = viewer?.teams?.member ?? [];
  const blocked = !!viewer && !isCoachOrDirector(viewer.groups) && teams.length > 0;
  const ignoreEscape = () => undefined;
  const leaveTeams = () => leave.mutate(undefined, { onSettled: () => setConfirming(false) });
  return (
    <>
      <Dialog
        open={blocked && !confirming}
        title="Attention!"
        onClose={ignoreEscape}
        alert
        actions={
          <>
            <Button onClick={onLogOut} isLoading={loggingOut} loadingText="Log Out" isDisabled={leave.isPending}>
              Log Out
            </Button>
            <Button onClick={() => setConfirming(true)} isDisabled={loggingOut || leave.isPending}>
              Leave Team
            </Button>
            <ButtonLink variation="primary" to={paths.home.today}>
              Go to Today
            </ButtonLink>
          </>
        }
      >
        <Text>Dashboard access is restricted to Directors and Coaches only.</Text>
        {leave.isError ? (
          <Text role="alert" className="fg-field-error">
            {leave.error.message}
          </Text>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={blocked && confirming}
        title="Leave Team"
        onAccept={leaveTeams}
        onDecline={() => setConfirming(false)}
        busy={leave.isPending}
      >
        <Text>
          You will leave {teams.map((team) => team.name).join(', ')}. Your coaches will no longer see your scores, and a new invite is needed to join
          again.
        </Text>
      </ConfirmDialog>
    </>
  );
}
