import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Heading, Text, View } from '@/components/ui/themed/primitives';
import { LoadError } from '@/components/errors/load-error';
import { MessageDialog } from '@/components/ui/dialog/message-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ButtonLink } from '@/components/ui/link/button-link';
import { PageLoader } from '@/components/ui/page-loader';
import { useToast } from '@/components/ui/toast/toast';
import { paths } from '@/config/paths';
import { uploadAvatar } from '@/lib/avatar-upload';
import { useTeamSelection } from '@/lib/team-selection';
import { useCreateTeam, useUnusedDashboardPurchase } from '../api/teams';
import { EMPTY_TEAM_FIELDS, type TeamFields } from '../lib/team-form';
import { TeamFormFields } from './team-form-fields';
import '../team-form.css';

const TEAM_CREATED = 'Team created successfully!';

/**
 * /home/my-team/new: a director with an unused team-dashboard purchase creates a team (docs/product.md, "Signed-in
 * routes"). The avatar is uploaded once the team exists; then the new team is selected and the app goes to its
 * statistics, as entering a team from the portal does (docs/teams.md, "Avatar upload").
 */
export function CreateTeamPage() {
  const purchase = useUnusedDashboardPurchase();
  const [serverError, setServerError] = useState<string | null>(null);
  const toast = useToast();
  const createTeam = useCreateTeam();
  const navigate = useNavigate();
  const selection = useTeamSelection();

  const create = async (fields: TeamFields, avatar: File | null) => {
    let team: { id: string; name: string };
    try {
      // The avatar is uploaded once the team exists, and every read refreshed (useCreateTeam). The team exists either
      // way: a failed upload is said, and the avatar can be added by editing the team.
      team = await createTeam.mutateAsync({
        data: { ...fields, avatar: '' },
        uploadAvatar: avatar ? (teamId) => uploadAvatar(avatar, teamId).catch((reason: Error) => toast.error(reason.message)) : undefined,
      });
    } catch (reason) {
      setServerError(reason instanceof Error ? reason.message : String(reason));
      return;
    }
    // Then the new team becomes the chosen one.
    await selection.selectTeam({ id: team.id, name: team.name });
    toast.success(TEAM_CREATED);
    navigate(paths.home.myTeam.statistics);
  };

  if (purchase.isPending) return <PageLoader label="Checking your team dashboard purchases…" />;
  if (purchase.isError)
    return <LoadError heading="Your purchases could not be checked" error={purchase.error} onRetry={() => void purchase.refetch()} />;
  if (!purchase.data) {
    return (
      <EmptyState
        title="Purchase a Team Dashboard first"
        description="Each team needs its own team dashboard. You have no unused team dashboard purchase: buy one on the pricing page, then come back here to create your team."
        actions={
          <ButtonLink variation="primary" to={paths.pricing}>
            Go to pricing
          </ButtonLink>
        }
      />
    );
  }

  return (
    <View as="section" className="fg-team-form-page">
      <Heading level={1}>New Team</Heading>
      <Text color="font.secondary">Name your team, describe it and pick its game. The avatar is optional.</Text>
      <TeamFormFields initial={EMPTY_TEAM_FIELDS} submitLabel="Create Team" submittingLabel="Creating your team…" onSubmit={create} />
      <MessageDialog open={serverError !== null} title="There was an error" actionLabel="OK" alert onClose={() => setServerError(null)}>
        {serverError}
      </MessageDialog>
    </View>
  );
}
