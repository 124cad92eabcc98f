/**
 * bench/team-stats (`npm run bench:team-stats`): how fast a team's statistics are, and how many DynamoDB items they read.
 *
 * Starts the local stack (DynamoDB Local in memory, random ports, no web app, no demo data), loads a team of 50 gamers
 * with 365 days of check-ins (built with the product's own rules, written in bulk through the score store), then asks
 * `myTeamScoreStats` over HTTP through the local gateway, as the web app does, for 7, 30, 90 and 365-day windows.
 * Items read come from what DynamoDB reports for the statistics' Query (ScannedCount and ConsumedCapacity, which the
 * store logs as "team days read"); the minimum is one item per day of the window. Prints a table; not a test.
 *
 * Options (environment): BENCH_RUNS (timed requests per window, default 50), BENCH_GAMERS (50), BENCH_DAYS (365).
 */
import { randomUUID } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { percentile } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const GAMERS = Number(process.env.BENCH_GAMERS ?? 50);
const HISTORY_DAYS = Number(process.env.BENCH_DAYS ?? 365);
const WINDOWS = [7, 30, 90, 365];
const WARM_UP_RUNS = 5;
const PASSWORD = 'Bench-Passw0rd!';

interface ReadLog {
  itemsRead: number;
  capacityUnits: number;
}

/** The store's "team days read" log lines, taken out of stdout while the benchmark runs. */
function captureReadLogs(): { reads: ReadLog[]; restore(): void } {
  const reads: ReadLog[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.includes('"team days read"')) {
      for (const line of text.split('\n').filter((candidate) => candidate.includes('"team days read"'))) {
        const { itemsRead, capacityUnits } = JSON.parse(line) as ReadLog;
        reads.push({ itemsRead, capacityUnits });
      }
      return true;
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  return { reads, restore: () => void (process.stdout.write = write) };
}

async function main() {
  // The store logs its reads at INFO; the Lambda logger reads LOG_LEVEL when first loaded, so set it before any import.
  process.env.LOG_LEVEL = 'INFO';
  const { startStack } = await import('../scripts/local/stack');
  const cognitoSdk = await import('@aws-sdk/client-cognito-identity-provider');
  const { scoreDayOf, shiftDay } = await import('@core/dates');
  const { dynamoScoreStore } = await import('../lambdas/lib/stores/score-store');
  const { dynamoTeamStore } = await import('../lambdas/lib/stores/team-store');
  const { dynamoUserStore } = await import('../lambdas/lib/stores/user-store');
  const { historyOf } = await import('../lambdas/scoring/history');
  const { demoCheckIn, habitsOf, seededRandom } = await import('../scripts/seed/answers');

  const started = Date.now();
  const stack = await startStack({ port: 0, dataDir: null, web: 'none', seed: false, log: () => undefined });
  const cognito = new cognitoSdk.CognitoIdentityProviderClient({});
  const capture = captureReadLogs();
  try {
    // A director who owns the team and signs in like any user.
    const email = 'bench-director@fitgauge.test';
    const created = await cognito.send(
      new cognitoSdk.AdminCreateUserCommand({
        UserPoolId: stack.env.USER_POOL_ID,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const directorId = created.User!.Attributes!.find((attribute) => attribute.Name === 'sub')!.Value!;
    await cognito.send(
      new cognitoSdk.AdminSetUserPasswordCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: directorId, Password: PASSWORD, Permanent: true }),
    );
    await cognito.send(
      new cognitoSdk.AdminAddUserToGroupCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: directorId, GroupName: 'DIRECTOR' }),
    );
    const at = new Date().toISOString();
    await dynamoUserStore.create({
      id: directorId,
      email,
      fullName: 'Bench Director',
      username: 'bench',
      avatar: null,
      role: 'DIRECTOR',
      enabled: true,
      selectedTeamId: null,
      createdAt: at,
      updatedAt: at,
    });
    const teamId = randomUUID();
    await dynamoTeamStore.create(
      { id: teamId, name: 'Bench Team', description: '', game: 'Valorant', avatar: '', ownerId: directorId, createdAt: at, updatedAt: at },
      { extraGamerSeats: GAMERS },
    );

    // 50 gamers x 365 days of check-ins, the same generator as the demo data (some days skipped, some questions left out).
    const today = scoreDayOf(new Date(), null);
    const gamers = Array.from({ length: GAMERS }, (_, index) => {
      const random = seededRandom(`bench-gamer-${index}`);
      const habits = habitsOf(random);
      return {
        userId: randomUUID(),
        timeZone: 'UTC',
        teamIds: [teamId],
        checkIns: Array.from({ length: HISTORY_DAYS }, (_, offset) => {
          const date = shiftDay(today, offset - HISTORY_DAYS + 1);
          const checkIn = demoCheckIn(habits, random);
          return checkIn && { date, ...checkIn, at: new Date(`${date}T12:00:00Z`) };
        }).filter((checkIn) => checkIn !== null),
      };
    });
    for (const gamer of gamers) await dynamoTeamStore.addMember({ teamId, userId: gamer.userId, role: 'GAMER', joinedAt: at });
    const history = historyOf(gamers);
    const loadStarted = Date.now();
    await dynamoScoreStore.importHistory(history);
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    const auth = await cognito.send(
      new cognitoSdk.AdminInitiateAuthCommand({
        UserPoolId: stack.env.USER_POOL_ID,
        ClientId: stack.env.USER_POOL_CLIENT_ID,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    );
    const token = auth.AuthenticationResult!.IdToken!;
    const query = `query Bench($teamId: ID!, $days: Int) {
      myTeamScoreStats(teamId: $teamId, type: fgScore, days: $days) {
        type count startDate endDate mainScoreStatistics { date value } perPillarScoreStatistics { pillarSlug points { date value } }
      }
    }`;
    const ask = async (days: number) => {
      const response = await fetch(stack.urls.graphql, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ query, variables: { teamId, days } }),
      });
      const body = (await response.json()) as { data?: { myTeamScoreStats: { count: number } }; errors?: unknown[] };
      if (!response.ok || body.errors) throw new Error(`myTeamScoreStats failed: ${JSON.stringify(body.errors ?? response.status)}`);
      return body.data!.myTeamScoreStats;
    };

    const rows = [];
    for (const days of WINDOWS) {
      for (let run = 0; run < WARM_UP_RUNS; run += 1) await ask(days);
      capture.reads.length = 0;
      const latencies: number[] = [];
      let points = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now();
        points = (await ask(days)).count;
        latencies.push(performance.now() - start);
      }
      latencies.sort((a, b) => a - b);
      const itemsRead = Math.max(...capture.reads.map((read) => read.itemsRead));
      const capacity = Math.max(...capture.reads.map((read) => read.capacityUnits));
      if (capture.reads.length !== RUNS) throw new Error(`Expected ${RUNS} read logs, saw ${capture.reads.length}`);
      rows.push({
        window: `${days} days`,
        'p50 ms': percentile(latencies, 50).toFixed(1),
        'p95 ms': percentile(latencies, 95).toFixed(1),
        'items read': itemsRead,
        'minimum (1/day)': days,
        'within min+2': itemsRead <= days + 2 ? 'yes' : 'NO',
        'read units': capacity,
        points,
      });
    }
    capture.restore();
    console.log(
      `\nbench/team-stats: ${GAMERS} gamers x ${HISTORY_DAYS} days (${history.days.length} member days with their answers, ` +
        `${history.teamDays.length} team days loaded in ${loadSeconds.toFixed(1)} s); ${RUNS} timed requests per window after ${WARM_UP_RUNS} warm-up.`,
    );
    console.log(
      `machine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; total ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    console.table(rows);
    if (rows.some((row) => row['within min+2'] !== 'yes')) process.exitCode = 1;
  } finally {
    capture.restore();
    cognito.destroy();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
