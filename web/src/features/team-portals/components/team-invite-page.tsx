import { Flex, Heading } from '@/components/ui/themed/primitives';
import { ReceivedInvites } from './received-invites';
import { TeamCodeForm } from './team-code-form';
import '../team-portals.css';

/** /home/team-invite: a gamer's received invites (Accept, Reject) and a box for a team code from an invite e-mail. */
export function TeamInvitePage() {
  return (
    <Flex direction="column" gap="large">
      <Heading level={1}>Team Invite</Heading>
      <ReceivedInvites />
      <TeamCodeForm />
    </Flex>
  );
}
