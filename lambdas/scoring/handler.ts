import { requireCaller } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { config } from '../lib/config';
import { sendMail } from '../lib/mail';
import { countSuccess } from '../lib/observability';
import { dynamoJournalStore } from '../lib/stores/journal-store';
import { dynamoScoreStore } from '../lib/stores/score-store';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { dynamoUserStore } from '../lib/stores/user-store';
import { currentCheckIn, submitAnswers } from './check-in';
import { alertStaffIfNotReady } from './readiness-alerts';
import { announceCheckIn, subscribeToTeamCheckIns, teamCheckInResult } from './team-check-ins';
import { publishToSubscribers } from '../lib/api-publish';
import {
  myScore,
  myScoreStats,
  myTeamDataStats,
  myTeamScoreStats,
  teamMemberScores,
  userAnswerBySlug,
  userAnswers,
  userScoreStatistics,
} from './reads';

const stores = { users: dynamoUserStore, teams: dynamoTeamStore, scores: dynamoScoreStore };
const alertDeps = { ...stores, journal: dynamoJournalStore, sendMail, appUrl: () => config.appUrl };
const checkInDeps = { teams: dynamoTeamStore, publish: publishToSubscribers, now: () => new Date() };

export const handler = createAuthorizedHandler({
  'Mutation.submitAnswers': async (event) =>
    countSuccess('CheckIn', async () => {
      const day = await submitAnswers(requireCaller(event), event.arguments, stores);
      // No asynchronous entry point exists yet (lambdas/triggers.ts), so alerts run here, after the day is stored.
      await Promise.all([alertStaffIfNotReady(day, alertDeps), announceCheckIn(day, checkInDeps)]);
      return day;
    }),
  'Query.myCheckIn': async (event) => currentCheckIn(requireCaller(event), event.arguments, stores),
  'Query.myScore': async (event) => myScore(requireCaller(event), event.arguments, stores),
  'Query.myScoreStats': async (event) => myScoreStats(requireCaller(event), event.arguments, stores),
  'Query.myTeamScoreStats': async (event) => myTeamScoreStats(requireCaller(event), event.arguments, stores),
  'Query.myTeamDataStats': async (event) => myTeamDataStats(requireCaller(event), event.arguments, stores, { pro: false }),
  'Query.myTeamDataStatsPro': async (event) => myTeamDataStats(requireCaller(event), event.arguments, stores, { pro: true }),
  'Query.userAnswers': async (event) => userAnswers(requireCaller(event), event.arguments, stores),
  'Query.userAnswerBySlug': async (event) => userAnswerBySlug(requireCaller(event), event.arguments, stores),
  'Query.userScoreStatistics': async (event) => userScoreStatistics(requireCaller(event), event.arguments, stores),
  'Query.teamMemberScores': async (event) => teamMemberScores(requireCaller(event), event.arguments, stores),
  // Subscribing: the team's statistics readers (policy map); publishing: only the function's own IAM role.
  'Subscription.onTeamCheckIn': async (event) => subscribeToTeamCheckIns(requireCaller(event), event.arguments, dynamoTeamStore),
  'Mutation.publishTeamCheckIn': async (event) => teamCheckInResult(event.arguments),
});
