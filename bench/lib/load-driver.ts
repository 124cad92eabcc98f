/**
 * The load phase of bench/load, in a Node process of its own: the clients' CPU (autocannon, fetch, JSON) does not
 * compete with the stack under test on the gateway's event loop, as in a real rush, where the clients are other
 * machines. `forkLoadDriver` forks this file (tsx as the loader); the job (url, tokens, team ids, check-ins, window)
 * goes over IPC, and the answer comes back the same way: each operation's latencies and errors, each gamer's sentAt
 * and stored flag. BENCH_DRIVER_CPU_PROFILE (a file) records the driver's CPU profile of the load phase.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { demoCheckIn } from '../../scripts/seed/answers';
import { startCpuProfile } from './cpu-profile';
import { timedRequest, errorOf } from './graphql';
import { OperationLog } from './stats';

interface LoadJob {
  url: string;
  /** The window: each gamer checks in once within it, the pollers poll for its length. */
  seconds: number;
  /** How many accounts the admins' user list holds, to page through it. */
  users: number;
  directors: { token: string; teamId: string }[];
  admins: { token: string }[];
  gamers: { token: string; checkIn: NonNullable<ReturnType<typeof demoCheckIn>> }[];
}

interface LoadResult {
  /** How long the load phase ran, from its start to its last answer. */
  seconds: number;
  /** By operation, in the order of the benchmark's table. */
  logs: Record<string, Pick<OperationLog, 'latencies' | 'errors'>>;
  /** In the order of the job's gamers: when the check-in was sent, and whether it was acknowledged. */
  gamers: { sentAt: Date; stored: boolean }[];
}

const POLLS_PER_SECOND = 1;
const USERS_PAGE = 25;

// What the pages send (web/src/features/check-in/api/check-in.ts, team-analytics/api/team-statistics.ts,
// admin-users/api/users.ts); those modules pull in the browser's Amplify client, so the texts are repeated here.
const DAY_FIELDS =
  'date timeZone closesAt answers { questionSlug value } checkedIn pillars { pillarSlug score completenessScore } dailyScore gameReadiness gamePerformance gaming avgCompletion watchedVideos fgScore streak';
const MY_CHECK_IN = `query MyCheckIn($timeZone: String) { myCheckIn(timeZone: $timeZone) { ${DAY_FIELDS} } }`;
const WEEKLY_CHALLENGE = 'query CurrentWeeklyChallenge { currentWeeklyChallenge { year week description } }';
const SUBMIT_ANSWERS = `mutation SubmitAnswers($answers: [AnswerInput!]!, $watchedVideos: Boolean, $timeZone: String) {
  submitAnswers(answers: $answers, watchedVideos: $watchedVideos, timeZone: $timeZone) { ${DAY_FIELDS} } }`;
const POINT = 'date value userId';
const TEAM_STATISTICS = `query TeamStatistics($teamId: ID!, $days: Int, $startDate: AWSDate, $endDate: AWSDate) {
  team(teamId: $teamId, take: 1) { name }
  fgScore: myTeamScoreStats(type: fgScore, teamId: $teamId, days: $days, startDate: $startDate, endDate: $endDate) {
    startDate endDate mainScoreStatistics { ${POINT} } perPillarScoreStatistics { pillarSlug points { ${POINT} } } }
  gameReadiness: myTeamScoreStats(type: gameReadiness, teamId: $teamId, days: $days, startDate: $startDate, endDate: $endDate) {
    startDate endDate mainScoreStatistics { ${POINT} } }
  gamePerformance: myTeamScoreStats(type: gamePerformance, teamId: $teamId, days: $days, startDate: $startDate, endDate: $endDate) {
    startDate endDate mainScoreStatistics { ${POINT} } }
}`;
const TEAM_MEMBER_SCORES = `query TeamMemberScores($teamId: ID!) {
  teamMemberScores(teamId: $teamId) { userId fullName email avatar date fgScore gameReadiness gaming streak avgCompletion } }`;
const USER_FIELDS = 'id email fullName username role enabled subscription usedDiscord createdAt';
const ADMIN_USERS = `query AdminUsers($where: UsersWhereInput, $take: Int, $skip: Int) {
  users(where: $where, take: $take, skip: $skip) { ${USER_FIELDS} }
  aggregateUser(where: $where) { count more } }`;

/** The child's next message; rejects if it exits first. */
function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`the load driver exited (${signal ?? `code ${code}`}) before answering`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

/**
 * Starts the driver's process and waits until it is ready (tsx and autocannon loaded), so that its start-up is not
 * part of the measured phase; each `run` plays a job (the warm-up, then the rush), `close` ends the process.
 * Structured clone carries the Maps and Dates.
 */
export async function forkLoadDriver() {
  const child = fork(__filename, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced' });
  await nextMessage<'ready'>(child);
  return {
    async run(job: LoadJob) {
      child.send(job);
      const result = await nextMessage<LoadResult>(child);
      return {
        ...result,
        logs: Object.fromEntries(Object.entries(result.logs).map(([name, log]) => [name, new OperationLog(log.latencies, log.errors)])),
      };
    },
    close: () => child.disconnect(),
  };
}

type Autocannon = (typeof import('autocannon'))['default'];

async function drive(autocannon: Autocannon, { url, seconds, users, directors, admins, gamers }: LoadJob): Promise<LoadResult> {
  const logs = {
    myCheckIn: new OperationLog(),
    currentWeeklyChallenge: new OperationLog(),
    submitAnswers: new OperationLog(),
    'team statistics (team + 3 x myTeamScoreStats)': new OperationLog(),
    teamMemberScores: new OperationLog(),
    'users + aggregateUser': new OperationLog(),
  };
  const stopProfile = process.env.BENCH_DRIVER_CPU_PROFILE ? await startCpuProfile(process.env.BENCH_DRIVER_CPU_PROFILE) : null;
  const started = performance.now();

  // Pollers: autocannon, one connection per person at a fixed rate (a closed loop per director and admin), each
  // opened at a random moment of the first interval: pages opened by different people do not poll in lock step.
  const poll = async (token: string, query: string, variables: () => object, log: OperationLog) => {
    await new Promise((resolve) => setTimeout(resolve, (Math.random() * 1000) / POLLS_PER_SECOND));
    const instance = autocannon({
      url,
      connections: 1,
      connectionRate: POLLS_PER_SECOND,
      duration: seconds,
      timeout: 30,
      requests: [
        {
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json', authorization: token },
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ query, variables: variables() }) }),
          onResponse: (status, body) => {
            const error = errorOf(status, body);
            if (error) log.errors.set(error, (log.errors.get(error) ?? 0) + 1);
          },
        },
      ],
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => log.latencies.push(ms));
    return instance;
  };
  const pages = Math.max(1, Math.ceil(users / USERS_PAGE));
  const pollers = [
    ...directors.flatMap(({ token, teamId }) => [
      poll(token, TEAM_STATISTICS, () => ({ teamId, days: 30 }), logs['team statistics (team + 3 x myTeamScoreStats)']),
      poll(token, TEAM_MEMBER_SCORES, () => ({ teamId }), logs.teamMemberScores),
    ]),
    ...admins.map(({ token }, i) => {
      let page = i;
      return poll(token, ADMIN_USERS, () => ({ take: USERS_PAGE, skip: (page++ % pages) * USERS_PAGE }), logs['users + aggregateUser']);
    }),
  ];

  // Check-ins: an open loop of our own, one gamer at a random moment of the window each (a morning rush does not
  // wait for earlier answers; autocannon's connections would send in lock step or as fast as answers come back).
  const checkIns = gamers.map(
    ({ token, checkIn }) =>
      new Promise<LoadResult['gamers'][number]>((resolve) => {
        setTimeout(
          async () => {
            await timedRequest(url, token, MY_CHECK_IN, { timeZone: 'UTC' }, logs.myCheckIn);
            await timedRequest(url, token, WEEKLY_CHALLENGE, {}, logs.currentWeeklyChallenge);
            const sentAt = new Date();
            const data = await timedRequest(url, token, SUBMIT_ANSWERS, { ...checkIn, timeZone: 'UTC' }, logs.submitAnswers);
            resolve({ sentAt, stored: data !== null });
          },
          Math.random() * seconds * 1000,
        );
      }),
  );
  const [outcomes] = await Promise.all([Promise.all(checkIns), ...pollers]);
  const ran = (performance.now() - started) / 1000;
  await stopProfile?.();
  return { seconds: ran, logs, gamers: outcomes };
}

/** The driver's process: ready, then each job's answer, until the benchmark lets it go (or goes away). */
async function serve() {
  const autocannon = (await import('autocannon')).default;
  process.once('disconnect', () => process.exit());
  process.on('message', (job) => {
    void drive(autocannon, job as LoadJob).then((result) => process.send!(result));
  });
  process.send!('ready');
}

if (require.main === module) void serve();
