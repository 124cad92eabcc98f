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
 * Options (environment): BENCH_GAMERS (1000), BENCH_TEAMS (20), BENCH_SECONDS (60), BENCH_ADMINS (5),
 * BENCH_WARMUP_SECONDS (20), BENCH_WARMUP_GAMERS (100),
 * BENCH_ACCOUNT_CONCURRENCY (16), BENCH_CPU_PROFILE (a file: the gateway's process's CPU profile of the load phase,
 * for `npx tsx bench/lib/cpu-profile.ts <file>`), BENCH_DRIVER_CPU_PROFILE (the same for the driver's process).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { createAccount } from './lib/accounts';
import { startCpuProfile } from './lib/cpu-profile';
import { forkLoadDriver } from './lib/load-driver';
import { mapLimit, mib, sampleMemory } from './lib/stats';

const GAMERS = Number(process.env.BENCH_GAMERS ?? 1000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ADMINS = Number(process.env.BENCH_ADMINS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 20);
const WARMUP_GAMERS = Number(process.env.BENCH_WARMUP_GAMERS ?? 100);
const ACCOUNT_CONCURRENCY = Number(process.env.BENCH_ACCOUNT_CONCURRENCY ?? 16);
const HISTORY_DAYS = 5;

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
    const gamerAccounts = await mapLimit(Array.from({ length: GAMERS + WARMUP_GAMERS }), ACCOUNT_CONCURRENCY, (_, i) =>
      createAccount(cognito, pool, `gamer-${i}@load.test`, 'GAMER'),
    );
    const accountSeconds = (Date.now() - setupStarted) / 1000;

    // Teams and memberships through the team store, as team creation and joins write them.
    const at = new Date().toISOString();
    const createTeam = async (id: string, name: string, ownerId: string, gamerCount: number) => {
      const team = { id, name, description: '', game: 'Valorant', avatar: '', ownerId, createdAt: at, updatedAt: at };
      await dynamoTeamStore.create(team, { extraGamerSeats: gamerCount });
      return id;
    };
    const teamIds = await mapLimit(directors, ACCOUNT_CONCURRENCY, (director, i) =>
      createTeam(`load-team-${i}`, `Load Team ${i}`, director.id, Math.ceil(GAMERS / TEAMS)),
    );
    // The warm-up's gamers play in a team of their own (its director is the first team's), apart from the rush's.
    const warmUpTeamId = await createTeam('load-team-warm-up', 'Warm-up Team', directors[0]!.id, WARMUP_GAMERS);
    const today = scoreDayOf(new Date(), 'UTC');
    const gamers = gamerAccounts.map((account, index) => {
      const random = seededRandom(`load-gamer-${index}`);
      const habits = habitsOf(random);
      const history: GamerHistory = {
        userId: account.id,
        timeZone: 'UTC',
        teamIds: [index < GAMERS ? teamIds[index % TEAMS]! : warmUpTeamId],
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
    await mapLimit(gamers, ACCOUNT_CONCURRENCY, ({ account, history }) =>
      dynamoTeamStore.addMember({ teamId: history.teamIds[0]!, userId: account.id, role: 'GAMER', joinedAt: at }),
    );
    await dynamoScoreStore.importHistory(historyOf(gamers.map(({ history }) => history)));
    print(
      `setup: ${directors.length + admins.length + gamers.length} accounts in ${accountSeconds.toFixed(0)} s, teams and ${HISTORY_DAYS} days of history in ${((Date.now() - setupStarted) / 1000 - accountSeconds).toFixed(0)} s`,
    );

    // The load phase: in a process of its own (bench/lib/load-driver.ts), started before the measured phase begins.
    const driver = await forkLoadDriver();
    const phase = (seconds: number, players: typeof gamers) =>
      driver.run({
        url: stack.urls.graphql,
        seconds,
        users: GAMERS + WARMUP_GAMERS + TEAMS + ADMINS,
        directors: directors.map(({ token }, i) => ({ token, teamId: teamIds[i]! })),
        admins: admins.map(({ token }) => ({ token })),
        gamers: players.map(({ account, checkIn }) => ({ token: account.token, checkIn })),
      });
    const warmUpGamers = gamers.slice(GAMERS);
    const warmUp = await phase(WARMUP_SECONDS, warmUpGamers);
    const stopProfile = process.env.BENCH_CPU_PROFILE ? await startCpuProfile(process.env.BENCH_CPU_PROFILE) : null;
    const memory = sampleMemory();
    const load = await phase(SECONDS, gamers.slice(0, GAMERS));
    const peak = memory.stop();
    await stopProfile?.();
    driver.close();
    const { logs, seconds: loadSeconds } = load;
    // Each gamer with what the driver saw: when the check-in was sent, and whether it was acknowledged.
    const sent = [
      ...gamers.slice(0, GAMERS).map((gamer, i) => ({ ...gamer, ...load.gamers[i]! })),
      ...warmUpGamers.map((gamer, i) => ({ ...gamer, ...warmUp.gamers[i]! })),
    ];

    const rowsOf = ({ logs: phaseLogs, seconds }: typeof load) =>
      Object.fromEntries(Object.entries(phaseLogs).map(([name, log]) => [name, log.row(seconds)]));
    const errors = [...Object.values(logs), ...Object.values(warmUp.logs)].reduce((sum, log) => sum + log.errorCount, 0);
    print(
      `\nwarm-up (not counted): ${WARMUP_GAMERS} gamers in a team of their own, the same directors and admins, ${WARMUP_SECONDS} s (ran ${warmUp.seconds.toFixed(1)} s)`,
    );
    table(rowsOf(warmUp));
    print(
      `\nbench/load: ${GAMERS} gamers in ${TEAMS} teams, ${TEAMS} directors, ${ADMINS} admins, ${SECONDS} s window (ran ${loadSeconds.toFixed(1)} s)`,
    );
    print(
      `machine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    table(rowsOf(load));
    print(`peak memory of the gateway's process (sampled every 250 ms): RSS ${mib(peak.rss)}, heap used ${mib(peak.heapUsed)}`);
    print(`errors: ${errors}`);
    for (const [name, log] of [...Object.entries(warmUp.logs), ...Object.entries(logs)]) {
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
    failed = errors > 0 || problems.length > 0 || succeeded.length !== sent.length;
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
