import { z } from 'zod';
import { requireCaller } from '../lib/appsync';
import { authorizeUser, createAuthorizedHandler } from '../lib/authorization';
import { parseInput } from '../lib/validation';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { dynamoUserStore } from '../lib/stores/user-store';
import { getSelectedTeam, setSelectedTeam } from './selected-team';

const stores = { users: dynamoUserStore, teams: dynamoTeamStore };
const teamIdArgs = z.object({ teamId: z.string().trim().min(1, 'A team is required.') });
const userIdArgs = z.object({ userId: z.string().trim().min(1, 'A user is required.') });

export const handler = createAuthorizedHandler({
  'Query.getSelectedTeam': async (event) => getSelectedTeam(requireCaller(event), stores),
  'Mutation.setSelectedTeam': async (event) =>
    setSelectedTeam(requireCaller(event), parseInput(teamIdArgs, event.arguments).teamId, stores),
  // Subscribing: the policy map allows following only one's own team choice.
  'Subscription.onSelectedTeamChanged': async (event) => {
    await authorizeUser('Subscription.onSelectedTeamChanged', requireCaller(event), parseInput(userIdArgs, event.arguments).userId, stores.teams);
    return null;
  },
});
