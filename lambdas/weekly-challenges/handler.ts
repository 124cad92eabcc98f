import { callerResolvers, requireCaller } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { dynamoUserStore } from '../lib/stores/user-store';
import { dynamoWeeklyChallengeStore } from '../lib/stores/weekly-challenge-store';
import {
  type ChallengeDeps,
  createWeeklyChallenge,
  currentWeeklyChallenge,
  deleteWeeklyChallenge,
  updateWeeklyChallenge,
  weeklyChallenges,
} from './challenges';

const deps: ChallengeDeps = { challenges: dynamoWeeklyChallengeStore, users: dynamoUserStore, now: () => new Date() };
const withCaller = callerResolvers(deps);

/** Weekly challenges: the admin list and its writes, and the current week's challenge for every signed-in user. */
export const handler = createAuthorizedHandler({
  'Query.weeklyChallenges': async () => weeklyChallenges(deps),
  'Query.currentWeeklyChallenge': async (event) => currentWeeklyChallenge(requireCaller(event), deps),
  'Mutation.createWeeklyChallenge': withCaller(createWeeklyChallenge),
  'Mutation.updateWeeklyChallenge': withCaller(updateWeeklyChallenge),
  'Mutation.deleteWeeklyChallenge': withCaller(deleteWeeklyChallenge),
});
