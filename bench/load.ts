/**
 * bench/load (`npm run bench:load`): a league's morning rush against the local stack, then a check of what it stored.
 *
 * Starts the local stack in this process (gateway, Lambdas, DynamoDB Local in memory, cognito-local; no web app, no
 * demo data) and creates real accounts in the user pool with real id tokens: BENCH_GAMERS gamers in BENCH_TEAMS
 * teams, one director per team, 5 admins. Each gamer gets a few days of history (the product's own rules, bulk
 * loaded) so that streaks carry over. Then a load driver in a Node process of its own (bench/lib/load-driver.ts,
 * forked with the accounts' tokens, team ids and check-ins; the clients of a real rush are other machines, and here
 * their CPU would compete with the gateway's event loop) plays, for BENCH_SECONDS:
 * - every gamer opens the check-in page (myCheckIn, currentWeeklyChallenge) and sends a full check-in
 *   (submitAnswers) once, at a random moment of the window;
 * - every director polls the team analytics page (team name + the three myTeamScoreStats of a 30-day window) and
 *   the members table (teamMemberScores), once a second each;
 * - every admin pages through the user list (users + aggregateUser), once a second.
 * and sends back each operation's latencies and errors and each gamer's check-in time and outcome. This process prints
 * throughput, p50/p95/p99 per operation, errors and its own peak memory (the gateway's process: the stack only),
 * then verifies every check-in, team day aggregate and streak against the same check-ins replayed by the product's
 * rules (lambdas/scoring/history.ts). Exits non-zero on any error or inconsistency. Not a test.
 *
 * Before the rush, the same driver plays a warm-up of BENCH_WARMUP_SECONDS: the directors and admins poll as they will,
 * and BENCH_WARMUP_GAMERS gamers of a team of their own check in, so that the rush meets a stack that has served
 * every kind of request, as a running one has (the JIT compilers of Node and of DynamoDB Local's JVM have compiled
 * those paths, the setup's garbage is collected). Its figures are printed apart and not counted; its check-ins are
 * verified with the rest.
 *
 * `npm run bench:knee` (`--knee`) plays steps instead of the one rush, to find the knee: the check-in arrival rate at
 * which the check-in's p95 (`submitAnswers`) passes BENCH_KNEE_MS on this machine. After the same warm-up, each
 * rate of BENCH_KNEE_RATES (check-ins a second) is offered for BENCH_STEP_SECONDS to gamers of its own (created before
 * the step, not during it: rate x seconds of them, each at a random moment of the step), while the directors and
 * admins poll as in the rush (BENCH_BACKGROUND=0: not). Each step prints the offered and achieved rate, the check-in's
 * p50/p95/p99, errors, the pollers' rate, the CPU of the gateway's process (and its event-loop utilisation) and of
 * DynamoDB Local's JVM, and their CPU ms per check-in: above the 0 step's, if any (the pollers alone; none without them).
 * The steps stop once two in a row pass BENCH_KNEE_MS (the second confirms the first); the knee is the highest rate
 * below them whose p95 stayed under it. Exits non-zero on any error or inconsistency, or when no knee was confirmed.
 *
 * Options (environment): BENCH_GAMERS (1000), BENCH_TEAMS (20), BENCH_SECONDS (60), BENCH_ADMINS (5),
 * BENCH_WARMUP_SECONDS (20), BENCH_WARMUP_GAMERS (100),
 * BENCH_ACCOUNT_CONCURRENCY (16), BENCH_CPU_PROFILE (a file: the gateway's process's CPU profile of the load phase,
 * for `npx tsx bench/lib/cpu-profile.ts <file>`), BENCH_DRIVER_CPU_PROFILE (the same for the driver's process);
 * with --knee: BENCH_KNEE_RATES (0,2,4,8,12,16,20,24,32,40,48), BENCH_STEP_SECONDS (15), BENCH_KNEE_MS (300),
 * BENCH_BACKGROUND (1).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { createAccount } from './lib/accounts';
import { startCpuProfile } from './lib/cpu-profile';
import { forkLoadDriver } from './lib/load-driver';
import { mapLimit, mib, percentile, sampleMemory, sampleUsage } from './lib/stats';

const GAMERS = Number(process.env.BENCH_GAMERS ?? 1000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ADMINS = Number(process.env.BENCH_ADMINS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 20);
const WARMUP_GAMERS = Number(process.env.BENCH_WARMUP_GAMERS ?? 100);
const ACCOUNT_CONCURRENCY = Number(process.env.BENCH_ACCOUNT_CONCURRENCY ?? 16);
const HISTORY_DAYS = 5;
const KNEE = process.argv.includes('--knee');
const KNEE_RATES = (process.env.BENCH_KNEE_RATES ?? '0,2,4,8,12,16,20,24,32,40,48').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 15);
const KNEE_MS = Number(process.env.BENCH_KNEE_MS ?? 300);
const BACKGROUND = process.env.BENCH_BACKGROUND !== '0';
/** The gamers the measured phase may need: the rush's, or every step's. */
const MEASURED_GAMERS = KNEE ? KNEE_RATES.reduce((sum, rate) => sum + rate * STEP_SECONDS, 0) : GAMERS;

/**
 * The stack shares this process: its Lambdas' logs, metrics and mail outbox print to stdout. They are still produced
 * (their cost is the product's), but only the benchmark's own lines are shown.
 */
const write = process.stdout.write.bind(process.stdout);
const print = (...lines: unknown[]) => void write(`${lines.join(' ')}\n`);
/** The Lambdas' logged errors by message: what an "Unhandled" answer hides. */
const loggedErrors = new Map<string, number>();
const quiet = ((chunk: string | Uint8Array) => {
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  for (const line of text.split('\n').filter((candidate) => candidate.includes('"level":"ERROR"'))) {
    const match = /"(?:message|errorMessage)":"([^"]{0,160})/g.exec(line.replace(/"message":"[^"]*",/, ''));
    const key = match?.[1] ?? line.slice(0, 160);
    loggedErrors.set(key, (loggedErrors.get(key) ?? 0) + 1);
  }
  return true;
}) as typeof process.stdout.write;
const table = (rows: Record<string, object>) => {
  process.stdout.write = write;
  console.table(rows);
  process.stdout.write = quiet;
};

/** The least-squares slope of y over x of `points` ([x, y]). */
function slope(points: readonly (readonly [number, number])[]): number {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [meanX, meanY] = [mean(points.map(([x]) => x)), mean(points.map(([, y]) => y))];
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  return covariance / points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
}

async function main() {
  process.stdout.write = quiet;
  const { startStack } = await import('../scripts/local/stack');
  const { CognitoIdentityProviderClient } = await import('@aws-sdk/client-cognito-identity-provider');
  const { scoreDayOf, shiftDay } = await import('@core/dates');
  const { TEAM_METRICS } = await import('@core/scoring');
  const { dynamoScoreStore } = await import('../lambdas/lib/stores/score-store');
  const { dynamoTeamStore } = await import('../lambdas/lib/stores/team-store');
  const { historyOf } = await import('../lambdas/scoring/history');
  const { demoCheckIn, habitsOf, seededRandom } = await import('../scripts/seed/answers');
  type GamerHistory = Parameters<typeof historyOf>[0][number];
  type CheckIn = NonNullable<ReturnType<typeof demoCheckIn>>;

  const stack = await startStack({ port: 0, dataDir: null, web: 'none', seed: false, log: () => undefined });
  const cognito = new CognitoIdentityProviderClient({});
  const pool = { userPoolId: stack.env.USER_POOL_ID, clientId: stack.env.USER_POOL_CLIENT_ID };
  let failed = false;
  try {
    // Accounts: as fast as the user pool takes them, a bounded number at a time.
    const setupStarted = Date.now();
    const directors = await mapLimit(Array.from({ length: TEAMS }), ACCOUNT_CONCURRENCY, (_, i) =>
      createAccount(cognito, pool, `director-${i}@load.test`, 'DIRECTOR'),
    );
    const admins = await mapLimit(Array.from({ length: ADMINS }), ACCOUNT_CONCURRENCY, (_, i) =>
      createAccount(cognito, pool, `admin-${i}@load.test`, 'ADMIN'),
    );

    // Teams and memberships through the team store, as team creation and joins write them.
    const at = new Date().toISOString();
    const createTeam = async (id: string, name: string, ownerId: string, gamerCount: number) => {
      const team = { id, name, description: '', game: 'Valorant', avatar: '', ownerId, createdAt: at, updatedAt: at };
      await dynamoTeamStore.create(team, { extraGamerSeats: gamerCount });
      return id;
    };
    const teamIds = await mapLimit(directors, ACCOUNT_CONCURRENCY, (director, i) =>
      createTeam(`load-team-${i}`, `Load Team ${i}`, director.id, Math.ceil(MEASURED_GAMERS / TEAMS)),
    );
    // The warm-up's gamers play in a team of their own (its director is the first team's), apart from the measured ones.
    const warmUpTeamId = await createTeam('load-team-warm-up', 'Warm-up Team', directors[0]!.id, WARMUP_GAMERS);
    const inTeams = (index: number) => teamIds[index % TEAMS]!;
    const today = scoreDayOf(new Date(), 'UTC');
    const gamers: { account: Awaited<ReturnType<typeof createAccount>>; history: GamerHistory; checkIn: CheckIn }[] = [];
    /**
     * `count` more gamers (numbered on from the last), each in the team `teamOf` gives his number, with HISTORY_DAYS
     * days of history and the check-in he will send.
     */
    const addGamers = async (count: number, teamOf: (index: number) => string) => {
      const first = gamers.length;
      const accounts = await mapLimit(Array.from({ length: count }), ACCOUNT_CONCURRENCY, (_, i) =>
        createAccount(cognito, pool, `gamer-${first + i}@load.test`, 'GAMER'),
      );
      const added = accounts.map((account, i) => {
        const random = seededRandom(`load-gamer-${first + i}`);
        const habits = habitsOf(random);
        const history: GamerHistory = {
          userId: account.id,
          timeZone: 'UTC',
          teamIds: [teamOf(first + i)],
          checkIns: Array.from({ length: HISTORY_DAYS }, (_, offset) => {
            const date = shiftDay(today, offset - HISTORY_DAYS);
            const checkIn = demoCheckIn(habits, random);
            return checkIn && { date, ...checkIn, at: new Date(`${date}T12:00:00Z`) };
          }).filter((checkIn) => checkIn !== null),
        };
        let checkIn = demoCheckIn(habits, random);
        while (!checkIn) checkIn = demoCheckIn(habits, random);
        return { account, history, checkIn };
      });
      gamers.push(...added);
      await mapLimit(added, ACCOUNT_CONCURRENCY, ({ account, history }) =>
        dynamoTeamStore.addMember({ teamId: history.teamIds[0]!, userId: account.id, role: 'GAMER', joinedAt: at }),
      );
      // A put replaces a team's day: the teams' past days again from every gamer so far, the members' days of the new.
      const { days, teamDays } = historyOf(gamers.map(({ history }) => history));
      const addedIds = new Set(accounts.map(({ id }) => id));
      await dynamoScoreStore.importHistory({ days: days.filter((day) => addedIds.has(day.userId)), teamDays });
      return added;
    };
    const accountsStarted = Date.now();
    const rushGamers = KNEE ? [] : await addGamers(GAMERS, inTeams);
    const warmUpGamers = await addGamers(WARMUP_GAMERS, () => warmUpTeamId);
    print(
      `setup: ${directors.length + admins.length + gamers.length} accounts, teams and ${HISTORY_DAYS} days of history in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s (the gamers ${((Date.now() - accountsStarted) / 1000).toFixed(0)} s)`,
    );

    // The load phases: in a process of its own (bench/lib/load-driver.ts), started before the measured phase begins.
    const driver = await forkLoadDriver();
    /** Each gamer who played, with what the driver saw: when the check-in was sent, and whether it was acknowledged. */
    const sent: ((typeof gamers)[number] & { sentAt: Date; stored: boolean })[] = [];
    const phase = async (seconds: number, players: typeof gamers, background = true) => {
      const result = await driver.run({
        url: stack.urls.graphql,
        seconds,
        users: directors.length + admins.length + gamers.length,
        directors: background ? directors.map(({ token }, i) => ({ token, teamId: teamIds[i]! })) : [],
        admins: background ? admins.map(({ token }) => ({ token })) : [],
        gamers: players.map(({ account, checkIn }) => ({ token: account.token, checkIn })),
      });
      sent.push(...players.map((gamer, i) => ({ ...gamer, ...result.gamers[i]! })));
      return result;
    };
    type Phase = Awaited<ReturnType<typeof phase>>;
    const rowsOf = ({ logs, seconds }: Phase) => Object.fromEntries(Object.entries(logs).map(([name, log]) => [name, log.row(seconds)]));
    const errorsOf = ({ logs }: Phase) => Object.values(logs).reduce((sum, log) => sum + log.errorCount, 0);
    const percent = (share: number) => `${(share * 100).toFixed(0)} %`;

    const warmUp = await phase(WARMUP_SECONDS, warmUpGamers);
    const stopProfile = process.env.BENCH_CPU_PROFILE ? await startCpuProfile(process.env.BENCH_CPU_PROFILE) : null;
    const memory = sampleMemory();
    const measured: Phase[] = [];
    /** Each step's rate, check-in p95, achieved rate and CPU ms a second (the gateway's process, the JVM), and its row. */
    const steps: { rate: number; p95: number; achieved: number; node: number; jvm: number; row: Record<string, string | number> }[] = [];
    let rushUsage: ReturnType<ReturnType<typeof sampleUsage>['stop']> | null = null;
    if (KNEE) {
      /** CPU ms a second of the gateway's process and of the JVM with the pollers alone: the rate-0 step's, if any. */
      let idle = { node: 0, jvm: 0 };
      const lastTwo = () => steps.filter(({ rate }) => rate > 0).slice(-2);
      for (const rate of KNEE_RATES) {
        if (lastTwo().length === 2 && lastTwo().every(({ p95 }) => p95 > KNEE_MS)) break;
        // Without pollers a 0 step would be over at once: nothing to measure.
        if (rate === 0 && !BACKGROUND) continue;
        const players = await addGamers(rate * STEP_SECONDS, inTeams);
        const usage = sampleUsage(stack.dynamoDbPid);
        const step = await phase(STEP_SECONDS, players, BACKGROUND);
        const used = usage.stop();
        measured.push(step);
        if (rate === 0) idle = { node: used.cpuMs / used.seconds, jvm: used.otherCpuMs / used.seconds };
        const submit = step.logs.submitAnswers;
        const p95 = percentile(
          [...submit.latencies].sort((a, b) => a - b),
          95,
        );
        const polls = Object.entries(step.logs)
          .filter(([name]) => !['myCheckIn', 'currentWeeklyChallenge', 'submitAnswers'].includes(name))
          .reduce((sum, [, log]) => sum + log.latencies.length, 0);
        const perCheckIn = (ms: number, idlePerSecond: number) =>
          players.length === 0 ? '' : ((ms - idlePerSecond * used.seconds) / players.length).toFixed(1);
        const latency = players.length === 0 ? { 'p50 ms': '', 'p95 ms': '', 'p99 ms': '' } : submit.row(step.seconds);
        const achieved = step.gamers.filter(({ stored }) => stored).length / step.seconds;
        steps.push({
          rate,
          p95,
          achieved,
          node: used.cpuMs / used.seconds,
          jvm: used.otherCpuMs / used.seconds,
          row: {
            'offered /s': rate,
            'achieved /s': achieved.toFixed(1),
            'p50 ms': latency['p50 ms'],
            'p95 ms': latency['p95 ms'],
            'p99 ms': latency['p99 ms'],
            errors: errorsOf(step),
            'polls /s': (polls / step.seconds).toFixed(1),
            'node CPU': percent(used.cpuMs / 1000 / used.seconds),
            ELU: percent(used.eventLoopUtilization),
            'JVM CPU': percent(used.otherCpuMs / 1000 / used.seconds),
            'node ms/check-in': perCheckIn(used.cpuMs, idle.node),
            'JVM ms/check-in': perCheckIn(used.otherCpuMs, idle.jvm),
          },
        });
      }
    } else {
      const usage = sampleUsage(stack.dynamoDbPid);
      measured.push(await phase(SECONDS, rushGamers));
      rushUsage = usage.stop();
    }
    const peak = memory.stop();
    await stopProfile?.();
    driver.close();

    const errors = [warmUp, ...measured].reduce((sum, measuredPhase) => sum + errorsOf(measuredPhase), 0);
    print(
      `\nwarm-up (not counted): ${WARMUP_GAMERS} gamers in a team of their own, the same directors and admins, ${WARMUP_SECONDS} s (ran ${warmUp.seconds.toFixed(1)} s)`,
    );
    table(rowsOf(warmUp));
    const machine = () =>
      `machine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`;
    let kneeFound = true;
    if (KNEE) {
      print(
        `\nbench/load --knee: check-ins offered at rising rates, ${STEP_SECONDS} s a step, gamers of their own in ${TEAMS} teams; ` +
          (BACKGROUND ? `${TEAMS} directors and ${ADMINS} admins polling as in the rush` : 'no pollers'),
      );
      print(machine());
      table(Object.fromEntries(steps.map(({ rate, row }) => [`${rate} /s`, row])));
      print(
        `the check-in's latency is submitAnswers'; achieved = check-ins acknowledged / the step's length to its last answer; polls = the directors' and admins' requests; ` +
          `CPU: the gateway's process (all the Lambdas, with ELU its event loop's utilisation) and DynamoDB Local's JVM, % of one core; ` +
          `ms/check-in: the step's CPU${steps[0]?.rate === 0 ? " above the 0 /s step's (the pollers alone)" : ''} over its check-ins (3 requests and the onTeamCheckIn publish each)`,
      );
      const rated = steps.filter(({ rate }) => rate > 0);
      const over = ({ p95 }: (typeof steps)[number]) => p95 > KNEE_MS;
      const [passed, confirmed] = rated.slice(-2);
      kneeFound = rated.length >= 2 && over(passed!) && over(confirmed!);
      if (kneeFound) {
        const below = rated.slice(0, rated.indexOf(passed!)).filter((step) => !over(step));
        const knee = below.at(-1);
        print(
          `\nknee: ${knee ? `${knee.rate} check-ins/s (p95 ${knee.p95.toFixed(0)} ms)` : `below ${rated[0]!.rate} check-ins/s`}; ` +
            `the p95 passed ${KNEE_MS} ms at ${passed!.rate}/s (${passed!.p95.toFixed(0)} ms), confirmed at ${confirmed!.rate}/s (${confirmed!.p95.toFixed(0)} ms)`,
        );
        const blips = rated.slice(0, rated.indexOf(passed!)).filter(over);
        if (blips.length > 0)
          print(
            `  passed ${KNEE_MS} ms alone (the next step was under): ${blips.map(({ rate, p95 }) => `${rate}/s (${p95.toFixed(0)} ms)`).join(', ')}`,
          );
        // CPU ms a check-in: how much the CPU a second grows with each check-in a second, over the steps under the knee.
        const under = steps.slice(0, steps.indexOf(passed!)).filter((step) => !over(step));
        if (under.length >= 2) {
          const fit = (cpu: 'node' | 'jvm') => slope(under.map((step) => [step.achieved, step[cpu]])).toFixed(1);
          print(
            `CPU ms per check-in (the slope of CPU ms a second over the achieved rate, ${under.length} steps under the knee): the gateway's process ${fit('node')}, DynamoDB Local's JVM ${fit('jvm')}`,
          );
        }
      } else
        print(`\nno knee: the check-in's p95 did not pass ${KNEE_MS} ms in two steps in a row up to ${rated.at(-1)?.rate ?? 0}/s (BENCH_KNEE_RATES)`);
    } else {
      const [load] = measured;
      print(
        `\nbench/load: ${GAMERS} gamers in ${TEAMS} teams, ${TEAMS} directors, ${ADMINS} admins, ${SECONDS} s window (ran ${load!.seconds.toFixed(1)} s)`,
      );
      print(machine());
      table(rowsOf(load!));
      print(
        `CPU in the window, % of one core: the gateway's process ${percent(rushUsage!.cpuMs / 1000 / rushUsage!.seconds)} (event loop utilisation ${percent(rushUsage!.eventLoopUtilization)}), DynamoDB Local's JVM ${percent(rushUsage!.otherCpuMs / 1000 / rushUsage!.seconds)}`,
      );
    }
    print(`peak memory of the gateway's process (sampled every 250 ms): RSS ${mib(peak.rss)}, heap used ${mib(peak.heapUsed)}`);
    print(`errors: ${errors}`);
    for (const [name, log] of [warmUp, ...measured].flatMap(({ logs }) => Object.entries(logs))) {
      for (const [message, count] of [...log.errors].slice(0, 3)) print(`  ${name}: ${count} x ${message}`);
    }
    const causes = [...loggedErrors].sort((a, b) => b[1] - a[1]).slice(0, 5);
    if (causes.length > 0)
      print(`errors the Lambdas logged (first 5 by count):\n${causes.map(([message, count]) => `  ${count} x ${message}`).join('\n')}`);

    // Verdict: the stored days, answers and aggregates equal the check-ins the clients saw succeed, replayed.
    const succeeded = sent.filter((gamer) => gamer.stored);
    const expected = historyOf(
      sent.map(({ history, checkIn, sentAt, stored }) => ({
        ...history,
        checkIns: stored ? [...history.checkIns, { date: today, ...checkIn, at: sentAt }] : history.checkIns,
      })),
    );
    const problems: string[] = [];
    await mapLimit(sent, ACCOUNT_CONCURRENCY, async (gamer) => {
      const [day] = await dynamoScoreStore.latestDays(gamer.account.id, 1);
      const answers = await dynamoScoreStore.answers(gamer.account.id, { startDate: today, endDate: today });
      if (!gamer.stored) {
        if (day?.date === today) problems.push(`${gamer.account.email}: refused, yet a day is stored`);
        return;
      }
      const want = expected.days.find((candidate) => candidate.userId === gamer.account.id && candidate.date === today)!;
      if (day?.date !== today) return void problems.push(`${gamer.account.email}: no day stored for ${today}`);
      if (day.version !== 1) problems.push(`${gamer.account.email}: day written ${day.version} times`);
      if (answers.length !== gamer.checkIn.answers.length)
        problems.push(`${gamer.account.email}: ${answers.length} answers stored, ${gamer.checkIn.answers.length} sent`);
      if (day.fg?.streak !== want.fg?.streak) problems.push(`${gamer.account.email}: streak ${day.fg?.streak}, expected ${want.fg?.streak}`);
      if (day.fg?.fgScore !== want.fg?.fgScore || day.dailyScore !== want.dailyScore)
        problems.push(`${gamer.account.email}: scores differ from the replay`);
    });
    for (const teamId of [...teamIds, warmUpTeamId]) {
      const [stored] = await dynamoScoreStore.teamDays(teamId, { startDate: today, endDate: today });
      const want = expected.teamDays.find((candidate) => candidate.teamId === teamId && candidate.aggregate.date === today)?.aggregate ?? null;
      if (!want) {
        if (stored && Object.keys(stored.members).length > 0) problems.push(`${teamId}: aggregate lists members, none checked in`);
        continue;
      }
      if (!stored) {
        problems.push(`${teamId}: no day aggregate for ${today}`);
        continue;
      }
      for (const metric of TEAM_METRICS) {
        const [got, sum] = [stored.totals[metric], want.totals[metric]];
        if (got.count !== sum.count || Math.abs(got.sum - sum.sum) > 1e-6) {
          problems.push(`${teamId}: ${metric} is ${got.sum}/${got.count}, its members' days sum to ${sum.sum}/${sum.count}`);
        }
      }
      if (!isDeepStrictEqual(stored.members, want.members)) problems.push(`${teamId}: members' game scores differ from their days`);
    }
    print(
      `\nconsistency: ${succeeded.length} check-ins acknowledged (warm-up included), ${teamIds.length + 1} team day aggregates checked: ` +
        (problems.length === 0
          ? 'CONSISTENT (every check-in stored once, aggregates = sum of members, streaks right)'
          : `${problems.length} INCONSISTENCIES`),
    );
    for (const problem of problems.slice(0, 10)) print(`  ${problem}`);
    failed = errors > 0 || problems.length > 0 || succeeded.length !== sent.length || !kneeFound;
  } finally {
    cognito.destroy();
    await stack.stop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
