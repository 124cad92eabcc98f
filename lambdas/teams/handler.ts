import { z } from 'zod';
import { createResolverHandler, requireCaller } from '../lib/appsync';
import { UnauthorizedError } from '../lib/errors';
import { parseInput } from '../lib/validation';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { dynamoUserStore } from '../lib/stores/user-store';
import { getSelectedTeam, setSelectedTeam } from './selected-team';

const stores = { users: dynamoUserStore, teams: dynamoTeamStore };
const teamIdArgs = z.object({ teamId: z.string().trim().min(1, 'A team is required.') });


export const handler = createResolverHandler({
  'Query.getSelectedTeam': async (event) => getSelectedTeam(requireCaller(event), stores),
  'Mutation.setSelectedTeam': async (event) =>
    setSelectedTeam(requireCaller(event), parseInput(teamIdArgs, event.arguments).teamId, stores),
  // Subscribing: only to one's own team choice.
  'Subscription.onSelectedTeamChanged': async (event) => {
    const caller = requireCaller(event);
    if (event.arguments.userId !== caller.sub) throw new UnauthorizedError('You can only follow your own team choice.');
    return null;
  },
});
