import { isDirector } from '@core/roles';
import { Navigate } from 'react-router-dom';
import { Flex, Heading } from '@/components/ui/themed/primitives';
import { ButtonLink } from '@/components/ui/link/button-link';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useViewer } from '@/lib/viewer';
import { useLatestTeamScores } from '../api/team-stats';
import { TeamCardList } from './team-card-list';
import '../team-portals.css';

/** /home/manager-portal, the Director Portal (docs/product.md, "Signed-in routes"): a card per team the user owns. */
export function ManagerPortalPage() {
  const viewer = useViewer();
  const owned = viewer?.teams?.owned ?? [];
  const scores = useLatestTeamScores(owned.map((team) => team.id));

  if (!viewer?.teams) return <PageLoader label="Loading your teams" />;
  // Spec: a user who owns no teams (a director or coach with none included) is sent to create one.
  if (owned.length === 0) return <Navigate to={paths.home.myTeam.new} replace />;

  return (
    <Flex direction="column" gap="large">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="medium">
        <Heading level={1}>Director Portal</Heading>
        {isDirector(viewer.groups) ? (
          <ButtonLink variation="primary" to={paths.pricing}>
            Add Team Dashboard
          </ButtonLink>
        ) : null}
      </Flex>
      <TeamCardList label="Your teams" teams={owned} scores={scores} />
    </Flex>
  );
}
