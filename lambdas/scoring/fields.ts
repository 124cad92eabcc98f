import { BACKEND_ONLY, GAMER_READ, GAMERS_OWN_DATA, TEAM_STATISTICS } from '@core/policy';
import {
  checkInArgsSchema,
  scoreArgsSchema,
  scoreStatsArgsSchema,
  submitAnswersArgsSchema,
  teamCheckInSchema,
  teamDataStatsArgsSchema,
  teamMemberScoresArgsSchema,
  teamScoreStatsArgsSchema,
  userAnswerBySlugArgsSchema,
  userAnswersArgsSchema,
  userScoreStatisticsArgsSchema,
} from '@core/score-api';
import { teamIdArgsSchema } from '@core/teams';
import { publishToSubscribers } from '../lib/api-publish';
import { config } from '../lib/config';
import { field, type FieldCall, type FieldDeclarations } from '../lib/fields';
import { sendMail } from '../lib/mail';
import { countSuccess } from '../lib/observability';
import { dynamoJournalStore } from '../lib/stores/journal-store';
import { dynamoScoreStore } from '../lib/stores/score-store';
import { dynamoTeamStore, type TeamStore } from '../lib/stores/team-store';
import { dynamoUserStore } from '../lib/stores/user-store';
import { type CheckInStores, currentCheckIn, submitAnswers } from './check-in';
import { type AlertDeps, alertStaffIfNotReady } from './readiness-alerts';
import {
  myScore,
  myScoreStats,
  myTeamDataStats,
  myTeamScoreStats,
  type ReadStores,
  teamMemberScores,
  type TeamView,
  userAnswerBySlug,
  userAnswers,
  userScoreStatistics,
} from './reads';
import { announceCheckIn, type TeamCheckInDeps } from './team-check-ins';

/** What the scoring fields read and write: the stores, the alerts' mail, the check-in's publish, and the clock. */
export type ScoringDeps = CheckInStores & ReadStores & AlertDeps & TeamCheckInDeps;

/**
 * The gamer's memberships as the check-in read them last, for its alerts and announcement: they go to the teams the
 * stored day counted in, and the gamer's memberships are not read again. `reading` reads on every call (each attempt of
 * the check-in reads them anew); `replaying` answers the last read, or reads when there was none.
 */
function lastMembershipsRead<Teams extends Pick<TeamStore, 'membershipsOfUser'>>(teams: Teams) {
  let last: ReturnType<TeamStore['membershipsOfUser']> | undefined;
  return {
    reading: { ...teams, membershipsOfUser: (userId: string) => (last = teams.membershipsOfUser(userId)) },
    replaying: { ...teams, membershipsOfUser: (userId: string) => last ?? teams.membershipsOfUser(userId) },
  };
}

/** A team read's team (authorized by its row) and the viewer, on whose clock its window ends today. */
const teamView = ({ team, caller }: FieldCall<unknown>): TeamView => ({ team, viewerId: caller.sub });

/**
 * Daily check-in, scores, score statistics and answers (docs/scoring.md), and the live refresh of a team's statistics
 * after a check-in. Built on `deps` so the tests run the same declarations with their own clock, mail and publish.
 */
export const scoringFieldsWith = (deps: ScoringDeps) => {
  /** A team read's stores, with the viewer's profile (his clock ends the window) from the call's first reads. */
  const viewersDeps = (call: FieldCall<unknown>): ScoringDeps => ({ ...deps, users: call.withCallerProfile(deps.users) });
  return {
    'Mutation.submitAnswers': field({
      policy: GAMERS_OWN_DATA,
      args: submitAnswersArgsSchema,
      readsCallerProfile: true,
      resolve: async ({ caller, args, withCallerProfile }) =>
        countSuccess('CheckIn', async () => {
          const now = deps.now();
          const countedIn = lastMembershipsRead(deps.teams);
          const day = await submitAnswers(caller.sub, args, { ...deps, users: withCallerProfile(deps.users), teams: countedIn.reading }, now);
          // No asynchronous entry point exists yet (lambdas/triggers.ts), so alerts run here, after the day is stored.
          const after = { ...deps, teams: countedIn.replaying };
          await Promise.all([alertStaffIfNotReady(day, after, now), announceCheckIn(day, after)]);
          return day;
        }),
    }),
    'Query.myCheckIn': field({
      policy: GAMERS_OWN_DATA,
      args: checkInArgsSchema,
      readsCallerProfile: true,
      resolve: async ({ caller, args, withCallerProfile }) =>
        currentCheckIn(caller.sub, args, { ...deps, users: withCallerProfile(deps.users) }, deps.now()),
    }),
    'Query.myScore': field({ policy: GAMER_READ, args: scoreArgsSchema, resolve: async ({ userId }) => myScore(userId, deps, deps.now()) }),
    'Query.myScoreStats': field({
      policy: GAMER_READ,
      args: scoreStatsArgsSchema,
      resolve: async ({ userId, args }) => myScoreStats(userId, args, deps, deps.now()),
    }),
    'Query.myTeamScoreStats': field({
      policy: TEAM_STATISTICS,
      args: teamScoreStatsArgsSchema,
      readsCallerProfile: true,
      resolve: async (call) => myTeamScoreStats(teamView(call), call.args, viewersDeps(call), deps.now()),
    }),
    'Query.myTeamDataStats': field({
      policy: TEAM_STATISTICS,
      args: teamDataStatsArgsSchema,
      readsCallerProfile: true,
      resolve: async (call) => myTeamDataStats(teamView(call), call.args, viewersDeps(call), { pro: false }, deps.now()),
    }),
    'Query.myTeamDataStatsPro': field({
      policy: TEAM_STATISTICS,
      args: teamDataStatsArgsSchema,
      readsCallerProfile: true,
      resolve: async (call) => myTeamDataStats(teamView(call), call.args, viewersDeps(call), { pro: true }, deps.now()),
    }),
    'Query.userAnswers': field({
      policy: GAMER_READ,
      args: userAnswersArgsSchema,
      resolve: async ({ userId, args }) => userAnswers(userId, args, deps, deps.now()),
    }),
    'Query.userAnswerBySlug': field({
      policy: GAMER_READ,
      args: userAnswerBySlugArgsSchema,
      resolve: async ({ userId, args }) => userAnswerBySlug(userId, args, deps, deps.now()),
    }),
    'Query.userScoreStatistics': field({
      policy: GAMER_READ,
      args: userScoreStatisticsArgsSchema,
      resolve: async ({ userId, args }) => userScoreStatistics(userId, args, deps, deps.now()),
    }),
    'Query.teamMemberScores': field({
      policy: TEAM_STATISTICS,
      args: teamMemberScoresArgsSchema,
      readsCallerProfile: true,
      resolve: async (call) => teamMemberScores(teamView(call), call.args, viewersDeps(call), deps.now()),
    }),
    // Starting onTeamCheckIn is authorized like the team statistics it refreshes: director, coaches, admins.
    'Subscription.onTeamCheckIn': field({ policy: TEAM_STATISTICS, args: teamIdArgsSchema, resolve: async () => null }),
    // Published by the scoring Lambda with its IAM role after a check-in; followed like the team statistics. It echoes the check-in.
    'Mutation.publishTeamCheckIn': field({ policy: BACKEND_ONLY, args: teamCheckInSchema, resolve: async ({ args }) => args }),
  } satisfies FieldDeclarations;
};

export const scoringFields = scoringFieldsWith({
  users: dynamoUserStore,
  teams: dynamoTeamStore,
  scores: dynamoScoreStore,
  journal: dynamoJournalStore,
  sendMail,
  appUrl: () => config.appUrl,
  publish: publishToSubscribers,
  now: () => new Date(),
});
