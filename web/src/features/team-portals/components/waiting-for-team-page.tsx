import { isCoach } from '@core/roles';
import { EmptyState } from '@/components/ui/empty-state';
import { ButtonLink } from '@/components/ui/link/button-link';
import { paths } from '@/config/paths';
import { useViewer } from '@/lib/viewer';

/**
 * /home/no-team/ and /home/my-team/waiting (docs/product.md, "Signed-in routes": Waiting For Team): the user is in no
 * team yet and waits for one to add them; their invites are one click away.
 */
export function WaitingForTeamPage() {
  const viewer = useViewer();
  const invites = viewer && isCoach(viewer.groups) ? paths.home.coachInvites : paths.home.teamInvite;
  return (
    <EmptyState
      title="Waiting For Team"
      description="You are not in a team yet. When a director or coach invites you, the invite arrives by e-mail and appears under Team Invites."
      actions={
        <ButtonLink variation="primary" to={invites}>
          Team Invites
        </ButtonLink>
      }
    />
  );
}
