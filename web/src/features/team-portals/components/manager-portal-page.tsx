import { Flex, Heading } from '@aws-amplify/ui-react';
import { isDirector } from '@core/roles';
import { Navigate } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/link/button-link';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useTeamNotificationCount } from '@/lib/team-notifications';
import { useTeamSelection } from '@/lib/team-selection';
import { useViewer } from '@/lib/viewer';
import { useLatestTeamScores } from '../hooks/team-queries';
import { TeamCard } from './team-card';
import '../team-portals.css';

/** /home/manager-portal, the Director Portal (spec 000 section 2): a card per team the user owns. */
export function ManagerPortalPage() {
  const viewer = useViewer();
  const { selectTeam } = useTeamSelection();
  const notificationCount = useTeamNotificationCount();
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
      <ul className="fg-team-cards" aria-label="Your teams">
        {owned.map((team) => (
          <TeamCard
            key={team.id}
            team={team}
            score={scores.get(team.id)}
            hasNotifications={notificationCount(team.id) > 0}
            selected={viewer.selectedTeamId === team.id}
            onSelect={(chosen) => void selectTeam(chosen)}
          />
        ))}
      </ul>
    </Flex>
  );
}
