import { Button } from '@/components/ui/button/button';
import { Card, Flex, Heading, Text } from '@/components/ui/themed/primitives';
import { LoadError } from '@/components/errors/load-error';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/page-loader';
import { useToast } from '@/components/ui/toast/toast';
import { useViewer } from '@/lib/viewer';
import { useAnswerInvite, useReceivedInvites, type ReceivedInvite } from '../api/invites';

const LISTED_BY_EMAIL = 'Team invites sent to your e-mail address will appear here.';
/** Invites are matched by e-mail only for a proven address (docs/teams.md); a mailed code proves it. */
const UNPROVEN_EMAIL = 'Team invites sent to your e-mail address will appear here once you have joined with the code from one invite e-mail.';

const ROLE_NAMES: Record<string, string> = { COACH: 'coach', GAMER: 'gamer' };

/**
 * The signed-in user's pending team invites, each with Accept and Reject (docs/teams.md, "Operations": a
 * PENDING invite is accepted or rejected once). `roles` keeps the invites of those roles (the coach portal shows coach invites).
 */
export function ReceivedInvites({ roles }: { roles?: readonly string[] }) {
  const viewer = useViewer();
  const invites = useReceivedInvites();
  if (invites.isPending) return <PageLoader label="Loading your invites" />;
  if (invites.isError) return <LoadError heading="Your invites could not be loaded" error={invites.error} onRetry={() => void invites.refetch()} />;
  const shown = invites.data.filter((invite) => !roles || roles.includes(invite.role));
  if (shown.length === 0) return <EmptyState title="No invites" description={viewer?.emailVerified === false ? UNPROVEN_EMAIL : LISTED_BY_EMAIL} />;
  return (
    <ul className="fg-invite-list" aria-label="Team invites">
      {shown.map((invite) => (
        <InviteItem key={invite.id} invite={invite} />
      ))}
    </ul>
  );
}

function InviteItem({ invite }: { invite: ReceivedInvite }) {
  const toast = useToast();
  const teamName = invite.Team?.name ?? 'a team';
  // Then the invites and the profile, which lists the user's teams and invites, are read again.
  const answer = useAnswerInvite(invite.id, {
    onAnswered: (accept) => toast.success(accept ? `You joined ${teamName}.` : `You declined the invite to ${teamName}.`),
    onError: (error) => toast.error(error.message),
  });
  const inviter = invite.TeamInviter?.fullName ?? invite.TeamInviter?.email;
  return (
    <li>
      <Card variation="outlined" className="fg-invite">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="medium">
          <div>
            <Heading level={2} className="fg-invite__team">
              {teamName}
            </Heading>
            <Text color="font.secondary">
              Join as {ROLE_NAMES[invite.role] ?? invite.role.toLowerCase()}
              {inviter ? `, invited by ${inviter}` : ''}
            </Text>
          </div>
          <Flex gap="small">
            <Button
              onClick={() => answer.mutate(false)}
              isDisabled={answer.isPending}
              isLoading={answer.isPending && answer.variables === false}
              aria-label={`Reject the invite to ${teamName}`}
            >
              Reject
            </Button>
            <Button
              variation="primary"
              onClick={() => answer.mutate(true)}
              isDisabled={answer.isPending}
              isLoading={answer.isPending && answer.variables === true}
              aria-label={`Accept the invite to ${teamName}`}
            >
              Accept
            </Button>
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}
