import { ADMINS_ONLY, OWN_DATA } from '@core/policy';
import { createWeeklyChallengeArgsSchema, deleteWeeklyChallengeArgsSchema, updateWeeklyChallengeArgsSchema } from '@core/weekly-challenges';
import { field, type FieldDeclarations } from '../lib/fields';
import { dynamoUserStore } from '../lib/stores/user-store';
import { dynamoWeeklyChallengeStore } from './store';
import {
  type ChallengeDeps,
  createWeeklyChallenge,
  currentWeeklyChallenge,
  deleteWeeklyChallenge,
  updateWeeklyChallenge,
  weeklyChallenges,
} from './challenges';

const deps: ChallengeDeps = { challenges: dynamoWeeklyChallengeStore, users: dynamoUserStore, now: () => new Date() };

/** Weekly challenges: the admin list and its writes, and the current week's challenge for every signed-in user. */
export const weeklyChallengeFields = {
  'Query.weeklyChallenges': field({ policy: ADMINS_ONLY, resolve: async () => weeklyChallenges(deps) }),
  'Query.currentWeeklyChallenge': field({
    policy: OWN_DATA,
    readsCallerProfile: true,
    resolve: async ({ caller, withCallerProfile }) => currentWeeklyChallenge(caller, { ...deps, users: withCallerProfile(deps.users) }),
  }),
  'Mutation.createWeeklyChallenge': field({
    policy: ADMINS_ONLY,
    args: createWeeklyChallengeArgsSchema,
    resolve: async ({ caller, fieldName, args }) => createWeeklyChallenge({ caller, action: fieldName }, args, deps),
  }),
  'Mutation.updateWeeklyChallenge': field({
    policy: ADMINS_ONLY,
    args: updateWeeklyChallengeArgsSchema,
    resolve: async ({ caller, fieldName, args }) => updateWeeklyChallenge({ caller, action: fieldName }, args, deps),
  }),
  'Mutation.deleteWeeklyChallenge': field({
    policy: ADMINS_ONLY,
    args: deleteWeeklyChallengeArgsSchema,
    resolve: async ({ caller, fieldName, args }) => deleteWeeklyChallenge({ caller, action: fieldName }, args.where.id, deps),
  }),
} satisfies FieldDeclarations;
