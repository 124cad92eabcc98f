import { isCoachOrDirector } from '@core/roles';
import { Button } from '@/components/ui/button/button';
import { Text } from '@/components/ui/themed/primitives';
import { Dialog } from '@/components/ui/dialog/dialog';
import { useViewer } from '@/lib/viewer';
import { useLeaveTeams } from '../api/team-membership';

/**
 * docs/teams.md, "Pages" (the `Attention!` gate): a gamer who belongs to a team is blocked from the dashboard (the
 * pricing page) until they leave it. The modal cannot be dismissed: Leave Team (then the page is usable) or Log Out.
 */
export function TeamMemberGate({ onLogOut, loggingOut }: { onLogOut: () => void; loggingOut: boolean }) {
  const viewer = useViewer();
  const leave = useLeaveTeams();
  const blocked = !!viewer && !isCoachOrDirector(viewer.groups) && (viewer.teams?.member.length ?? 0) > 0;
  const ignoreEscape = () => undefined;
  return (
    <Dialog
      open={blocked}
      title="Attention!"
      onClose={ignoreEscape}
      alert
      actions={
        <>
          <Button onClick={onLogOut} isLoading={loggingOut} loadingText="Log Out" isDisabled={leave.isPending}>
            Log Out
          </Button>
          <Button variation="primary" onClick={() => leave.mutate()} isLoading={leave.isPending} loadingText="Leave Team" isDisabled={loggingOut}>
            Leave Team
          </Button>
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
  );
}
