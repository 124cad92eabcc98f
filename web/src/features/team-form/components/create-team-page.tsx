import { Heading, Text, View } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadError } from '@/components/errors/load-error';
import { MessageDialog } from '@/components/ui/dialog/message-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ButtonLink } from '@/components/ui/link/button-link';
import { PageLoader } from '@/components/ui/page-loader';
import { useToast } from '@/components/ui/toast/toast';
import { paths } from '@/config/paths';
import { useTeamSelection } from '@/lib/team-selection';
import { uploadAvatar } from '@/lib/avatar-upload';
import { createTeam, hasUnusedDashboardPurchase } from '../api/team-form-api';
import { EMPTY_TEAM_FIELDS, type TeamFields } from '../lib/team-form';
import { TeamFormFields } from './team-form-fields';
import '../team-form.css';

export const UNUSED_PURCHASE_QUERY_KEY = ['team-form', 'unused-dashboard-purchase'] as const;
export const TEAM_CREATED = 'Team created successfully!';

/**
 * /home/my-team/new: a director with an unused team-dashboard purchase creates a team (docs/product.md, "Signed-in
 * routes"). The avatar is uploaded once the team exists; then the new team is selected and the app goes to its
 * statistics, as entering a team from the portal does (docs/teams.md, "Avatar upload").
 */
export function CreateTeamPage() {
  const purchase = useQuery({ queryKey: UNUSED_PURCHASE_QUERY_KEY, queryFn: hasUnusedDashboardPurchase, staleTime: 0 });
  const [serverError, setServerError] = useState<string | null>(null);
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const selection = useTeamSelection();

  const create = async (fields: TeamFields, avatar: File | null) => {
    let team: { id: string; name: string };
    try {
      team = await createTeam({ ...fields, avatar: '' });
    } catch (reason) {
      setServerError(reason instanceof Error ? reason.message : String(reason));
      return;
    }
    if (avatar) {
      // The team exists either way: a failed upload is said, and the avatar can be added by editing the team.
      await uploadAvatar(avatar, team.id).catch((reason: Error) => toast.error(reason.message));
    }
    // The new team changes the profile (owned teams) and whatever lists teams; then it becomes the chosen one.
    await queryClient.invalidateQueries();
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
