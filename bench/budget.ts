/**
 * bench/budget (`npm run bench:budget`): what each user action of the morning asks of the backend, against the budgets
 * of bench/budgets.ts; exits 1 where a figure exceeds its budget (docs/performance.md, "Per-operation budgets").
 *
 * Starts the local stack in this process (DynamoDB Local in memory, cognito-local; no web app, no demo data) and a
 * second gateway of its own on the same handlers, whose Lambda handlers are wrapped (bench/lib/aws-calls.ts): each
 * invocation's DynamoDB, Cognito and SES calls are counted with the units DynamoDB reports, and the process CPU
 * while the handler ran. Each action sends the operations the web page sends (their text read from the web api
 * modules, bench/lib/web-operations.ts), one request at a time, with real id tokens: a few warm-up runs, then
 * BENCH_RUNS measured ones. Counts and units are the largest of the measured runs (they do not depend on the machine);
 * CPU ms is the median (it does). Mail: the Lambdas put it on the mail queue (an SQS call, counted) and the mail sender
 * writes it to the outbox instead of calling SES, outside the invocation that queued it; a message written during an
 * invocation would be counted as the SES call it is on AWS.
 *
 * Options (environment): BENCH_RUNS (20), BENCH_REMINDER_GAMERS (1000), BENCH_DETAIL (1: each invocation's calls).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import type { AnswerInput } from '@core/check-in';
import { budgets, type Action, type Figures } from './budgets';
import { createAccount } from './lib/accounts';
import { countAwsCalls, countOutboxMail, figuresOf, measureInvocation, type Invocation } from './lib/aws-calls';
import { errorOf } from './lib/graphql';
import { mapLimit, percentile } from './lib/stats';
import { webOperation } from './lib/web-operations';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP_RUNS = 3;
const REMINDER_GAMERS = Number(process.env.BENCH_REMINDER_GAMERS ?? 1000);
const SMALL_TEAM = 5;
const LARGE_TEAM = 100;
const NUDGED_TEAM = 10;
const CONCURRENCY = 16;
/** BENCH_DETAIL=1: also lists each invocation's calls (with their units) of each action's heaviest run. */
const DETAIL = process.env.BENCH_DETAIL === '1';

// The operations each page sends (the web api modules they come from).
const CHECK_IN_API = 'web/src/features/check-in/api/check-in.ts';
const ANALYTICS_API = 'web/src/features/team-analytics/api/team-statistics.ts';
const operations = {
  myCheckIn: webOperation(CHECK_IN_API, 'MyCheckIn'),
  currentWeeklyChallenge: webOperation(CHECK_IN_API, 'CurrentWeeklyChallenge'),
  submitAnswers: webOperation(CHECK_IN_API, 'SubmitAnswers'),
  teamStatistics: webOperation(ANALYTICS_API, 'TeamStatistics'),
  teamMemberScores: webOperation(ANALYTICS_API, 'TeamMemberScores'),
  nudgeTeam: webOperation('web/src/features/team-analytics/api/nudge-team.ts', 'NudgeTeam'),
  refreshToken: webOperation('web/src/features/auth/api/auth-api.ts', 'RefreshToken'),
};

/** The stack's Lambdas log to stdout; only the bench's lines are shown, and mail written to the outbox is counted. */
const write = process.stdout.write.bind(process.stdout);
const print = (...lines: unknown[]) => void write(`${lines.join(' ')}\n`);
const quiet = ((chunk: string | Uint8Array) => {
  countOutboxMail(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
  return true;
}) as typeof process.stdout.write;

async function main() {
  process.stdout.write = quiet;
  const { startStack } = await import('../scripts/local/stack');
  const { createGateway } = await import('../scripts/local/gateway');
  const { loadEntryHandler } = await import('../scripts/local/gateway/handlers');
  const { lambdaFunctions } = await import('../lambdas/resolver-map');
  const { triggerFunctions } = await import('../lambdas/triggers');
  const { CognitoIdentityProviderClient, AdminInitiateAuthCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  const { scoreDayOf, shiftDay } = await import('@core/dates');
  const { dynamoScoreStore } = await import('../lambdas/lib/stores/score-store');
  const { dynamoTeamStore } = await import('../lambdas/lib/stores/team-store');
  const { dynamoUserStore } = await import('../lambdas/lib/stores/user-store');
  const { dynamoReminderStore } = await import('../lambdas/reminders/store');
  const { historyOf } = await import('../lambdas/scoring/history');
  const { demoCheckIn, habitsOf, seededRandom } = await import('../scripts/seed/answers');
  const { scoreDay } = await import('@core/scoring/day');
  const { readinessTier } = await import('@core/scoring/labels');

  const stack = await startStack({ port: 0, dataDir: null, web: 'none', seed: false, log: () => undefined });
  const cognito = new CognitoIdentityProviderClient({});
  const pool = { userPoolId: stack.env.USER_POOL_ID, clientId: stack.env.USER_POOL_CLIENT_ID };
  countAwsCalls();
  let invocations: Invocation[] = [];
  const record = (invocation: Invocation) => void invocations.push(invocation);
  const gateway = await createGateway({
    userPoolId: pool.userPoolId,
    userPoolClientId: pool.clientId,
    jwksUri: stack.urls.jwks,
    loadHandler: async (name) => {
      const handler = await loadEntryHandler(lambdaFunctions[name].entry);
      return (event) => measureInvocation(name, () => handler(event), record);
    },
  });
  const server: Server = createServer((req, res) => {
    if (!gateway.handleRequest(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const graphqlUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;

  let requests = 0;
  const send = async (token: string, query: string, variables: object = {}) => {
    requests += 1;
    const response = await fetch(graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    const error = errorOf(response.status, text);
    if (error) throw new Error(`${query.trim().split('\n')[0]}: ${error}`);
  };

  try {
    const at = new Date().toISOString();
    const today = scoreDayOf(new Date(), 'UTC');
    const director = await createAccount(cognito, pool, 'director@budget.test', 'DIRECTOR');
    const userRecord = (id: string, email: string) =>
      dynamoUserStore.create({
        id,
        email,
        fullName: email.split('@')[0]!,
        username: null,
        avatar: null,
        role: 'GAMER',
        enabled: true,
        selectedTeamId: null,
        timeZone: 'UTC',
        createdAt: at,
        updatedAt: at,
      });
    /** A team of the director's with `size` gamers (user records only) and a week of their check-ins. */
    const createTeam = async (size: number, name: string, seats = size) => {
      const teamId = randomUUID();
      await dynamoTeamStore.create(
        { id: teamId, name, description: '', game: 'Valorant', avatar: '', ownerId: director.id, createdAt: at, updatedAt: at },
        { extraGamerSeats: seats },
      );
      const gamers = Array.from({ length: size }, (_, index) => {
        const random = seededRandom(`${name}-${index}`);
        const habits = habitsOf(random);
        return {
          userId: randomUUID(),
          timeZone: 'UTC',
          teamIds: [teamId],
          checkIns: Array.from({ length: 7 }, (_, offset) => {
            const date = shiftDay(today, offset - 7);
            const checkIn = demoCheckIn(habits, random);
            return checkIn && { date, ...checkIn, at: new Date(`${date}T12:00:00Z`) };
          }).filter((checkIn) => checkIn !== null),
        };
      });
      await mapLimit(gamers, CONCURRENCY, async ({ userId }) => {
        await userRecord(userId, `${userId}@budget.test`);
        await dynamoTeamStore.addMember({ teamId, userId, role: 'GAMER', joinedAt: at });
      });
      await dynamoScoreStore.importHistory(historyOf(gamers));
      return teamId;
    };

    const rows: Record<string, Record<string, string | number>> = {};
    const exceeded: string[] = [];
    /** Runs `action` WARM_UP_RUNS + runs times, one at a time, and records the row of the measured runs. */
    const measure = async (label: string, budgetOf: Action, runs: number, action: (run: number) => Promise<void>) => {
      const measured: ReturnType<typeof figuresOf>[] = [];
      let heaviest: Invocation[] = [];
      for (let run = 0; run < WARM_UP_RUNS + runs; run += 1) {
        invocations = [];
        requests = 0;
        await action(run);
        if (run < WARM_UP_RUNS) continue;
        measured.push(figuresOf(invocations, requests));
        if (invocations.flatMap(({ calls }) => calls).length > heaviest.flatMap(({ calls }) => calls).length) heaviest = invocations;
      }
      if (DETAIL) {
        print(`\n${label} (the measured run with the most calls):`);
        for (const { lambda, calls } of heaviest) {
          const described = calls.map(
            (call) => `${call.command}${call.transactionItems ? `[${call.transactionItems}]` : ''} r${call.readUnits} w${call.writeUnits}`,
          );
          print(`  ${lambda}: ${described.join(', ')}`);
        }
      }
      const budget = budgets[budgetOf];
      const row: Record<string, string | number> = {};
      for (const figure of Object.keys(measured[0]!) as (keyof Figures | 'cpuMs')[]) {
        if (figure === 'cpuMs') {
          row['CPU ms (median)'] = percentile(
            measured.map((figures) => figures.cpuMs).sort((a, b) => a - b),
            50,
          ).toFixed(1);
          continue;
        }
        const value = Math.max(...measured.map((figures) => figures[figure]));
        const limit = budget[figure];
        const over = limit !== undefined && value > limit;
        if (over) exceeded.push(`${label}: ${figure} ${value} > ${limit}`);
        row[figure] = limit === undefined ? value : `${value} (≤${limit})${over ? ' OVER' : ''}`;
      }
      rows[label] = row;
    };

    // Open the check-in page, then send the first check-in of the day: a gamer of a team each run. Most first
    // check-ins alert nobody; one that makes a gaming day Not Ready also alerts the team's staff (its journal alert
    // and the director's e-mail), measured apart with gamers whose answers do.
    const checkInTeamId = await createTeam(0, 'Check-in team', 2 * (WARM_UP_RUNS + RUNS));
    const gamersAnswering = (prefix: string, alerts: boolean) =>
      mapLimit(Array.from({ length: WARM_UP_RUNS + RUNS }), CONCURRENCY, async (_, index) => {
        const account = await createAccount(cognito, pool, `${prefix}-${index}@budget.test`, 'GAMER');
        await dynamoTeamStore.addMember({ teamId: checkInTeamId, userId: account.id, role: 'GAMER', joinedAt: at });
        const random = seededRandom(`budget-${prefix}-${index}`);
        const habits = habitsOf(random);
        let answers = demoCheckIn(habits, random);
        while (!answers || alertsStaff(answers.answers) !== alerts) answers = demoCheckIn(habits, random);
        return { ...account, answers };
      });
    const alertsStaff = (answers: AnswerInput[]) => {
      const day = scoreDay(today, answers);
      return day.gaming && readinessTier(day.gameReadiness) === 'Not Ready';
    };
    const gamers = await gamersAnswering('gamer', false);
    const alertingGamers = await gamersAnswering('not-ready-gamer', true);
    await measure('open the check-in page', 'openCheckIn', RUNS, async (run) => {
      await send(gamers[run]!.token, operations.myCheckIn, { timeZone: 'UTC' });
      await send(gamers[run]!.token, operations.currentWeeklyChallenge);
    });
    for (const [label, action, senders] of [
      ['send a first check-in', 'firstCheckIn', gamers],
      ['first check-in, Not Ready (alerts staff)', 'alertingCheckIn', alertingGamers],
    ] as const) {
      await measure(label, action, RUNS, async (run) => {
        const { token, answers } = senders[run]!;
        await send(token, operations.submitAnswers, { ...answers, timeZone: 'UTC', checkInId: randomUUID(), forDate: today });
      });
    }

    // The director's analytics page and members table, for a small and a large team.
    for (const size of [SMALL_TEAM, LARGE_TEAM]) {
      const teamId = await createTeam(size, `Team of ${size}`);
      await measure(`team analytics, ${size} gamers`, 'teamAnalytics', RUNS, () =>
        // The director's own team: the page knows its name and does not ask for it.
        send(director.token, operations.teamStatistics, { teamId, withName: false, days: 30 }),
      );
      await measure(`members table, ${size} gamers`, 'membersTable', RUNS, () =>
        send(director.token, operations.teamMemberScores, { teamId, days: 30 }),
      );
    }

    // A refresh of the session, with the public token as the signed-out web app sends it.
    const signedIn = await cognito.send(
      new AdminInitiateAuthCommand({
        UserPoolId: pool.userPoolId,
        ClientId: pool.clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: director.email, PASSWORD: 'Bench-Passw0rd!' },
      }),
    );
    await measure('refresh the session', 'refreshSession', RUNS, () =>
      send(stack.config.publicToken, operations.refreshToken, { refreshToken: signedIn.AuthenticationResult!.RefreshToken! }),
    );

    // A nudge of a team none of whose gamers checked in yet: a new team each run.
    const nudgedTeams = await mapLimit(Array.from({ length: WARM_UP_RUNS + RUNS }), 4, (_, index) => createTeam(NUDGED_TEAM, `Nudged ${index}`));
    await measure(`nudge a team of ${NUDGED_TEAM}`, 'nudge', RUNS, (run) =>
      send(director.token, operations.nudgeTeam, { teamId: nudgedTeams[run]! }),
    );

    // The reminder job, one run over REMINDER_GAMERS gamers due now by e-mail (after a warm-up of few gamers each).
    const hour = new Date().getUTCHours();
    const dueNow = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    const dueGamers = async (count: number) =>
      mapLimit(Array.from({ length: count }), CONCURRENCY, async () => {
        const userId = randomUUID();
        await userRecord(userId, `${userId}@budget.test`);
        await dynamoReminderStore.saveSettings({ userId, enabled: true, hour, channels: ['EMAIL'], nextReminderAt: dueNow, updatedAt: at });
      });
    const reminderJob = await loadEntryHandler(triggerFunctions.reminderJob.entry);
    await measure(`reminder job, ${REMINDER_GAMERS} gamers`, 'reminderJob', 1, async (run) => {
      await dueGamers(run < WARM_UP_RUNS ? 20 : REMINDER_GAMERS);
      await measureInvocation('reminderJob', () => reminderJob({}), record);
    });

    print(
      `\nbench/budget: ${RUNS} measured runs per action after ${WARM_UP_RUNS} warm-up (the reminder job: one run); counts and units: the largest run; CPU: the median.`,
    );
    print(`machine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}`);
    process.stdout.write = write;
    console.table(rows);
    process.stdout.write = quiet;
    if (exceeded.length > 0) {
      print(`Over budget:\n  ${exceeded.join('\n  ')}`);
      process.exitCode = 1;
    } else print('Every figure is within its budget.');
  } finally {
    cognito.destroy();
    await new Promise((resolve) => server.close(resolve));
    await gateway.close();
    await stack.stop();
  }
}

main().catch((error) => {
  process.stdout.write = write;
  console.error(error);
  process.exit(1);
});
