import { selectedTeamArgsSchema, selectedTeamSubscriptionArgsSchema } from '@core/validation/teams';
import { requireCaller } from '../lib/appsync';
import { authorizeUser, createAuthorizedHandler } from '../lib/authorization';
import { parseInput } from '../lib/validation';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { dynamoUserStore } from '../lib/stores/user-store';
import { getSelectedTeam, setSelectedTeam } from './selected-team';

const stores = { users: dynamoUserStore, teams: dynamoTeamStore };

export const handler = createAuthorizedHandler({
  'Query.getSelectedTeam': async (event) => getSelectedTeam(requireCaller(event), stores),
  'Mutation.setSelectedTeam': async (event) =>
    setSelectedTeam(requireCaller(event), parseInput(selectedTeamArgsSchema, event.arguments).teamId, stores),
  // Subscribing: the policy map allows following only one's own team choice.
  'Subscription.onSelectedTeamChanged': async (event) => {
    const { userId } = parseInput(selectedTeamSubscriptionArgsSchema, event.arguments);
    await authorizeUser('Subscription.onSelectedTeamChanged', requireCaller(event), userId, stores.teams);
    return null;
  },
});
