/**
 * bench/recap (`npm run bench:recap`): what one recap costs, to size the job for 100,000 shares (docs/recap.md).
 *
 * Starts the local stack (DynamoDB Local in memory, random ports, no web app, no demo data), loads BENCH_SHARES gamers
 * with a week of check-ins each (the demo generator) and one daily share each, due now, then runs the recap job once
 * with the product's own code: due Query pages, the claim, the gamer's profile and score card, the react-email render,
 * the outbox write (standing in for SES) and the share's update. Prints the run's time, the time per share and the
 * DynamoDB requests per share; not a test.
 *
 * Options (environment): BENCH_SHARES (default 2000).
 */
import { randomUUID } from 'node:crypto';
import { cpus, totalmem } from 'node:os';

const SHARES = Number(process.env.BENCH_SHARES ?? 2000);
const HISTORY_DAYS = 7;

async function main() {
  const { startStack } = await import('../scripts/local/stack');
  const { scoreDayOf, shiftDay } = await import('@core/dates');
  const { db } = await import('../lambdas/lib/db/client');
  const { dynamoScoreStore } = await import('../lambdas/lib/stores/score-store');
  const { dynamoShareStore, newShare } = await import('../lambdas/recap/store');
  const { dynamoUserStore } = await import('../lambdas/lib/stores/user-store');
  const { userRecord } = await import('../lambdas/lib/stores/test-support/records');
  const { historyOf } = await import('../lambdas/scoring/history');
  const { demoCheckIn, habitsOf, seededRandom } = await import('../scripts/seed/answers');
  const { productionDeps } = await import('../lambdas/recap/deps');
  const { runRecapJob } = await import('../lambdas/recap/job');

  const stack = await startStack({ port: 0, dataDir: null, web: 'none', seed: false, log: () => undefined });
  try {
    const at = new Date().toISOString();
    const today = scoreDayOf(new Date(), null);
    const gamers = Array.from({ length: SHARES }, (_, index) => {
      const random = seededRandom(`bench-recap-${index}`);
      const habits = habitsOf(random);
      return {
        userId: randomUUID(),
        timeZone: 'UTC',
        teamIds: [],
        checkIns: Array.from({ length: HISTORY_DAYS }, (_, offset) => {
          const date = shiftDay(today, offset - HISTORY_DAYS + 1);
          const checkIn = demoCheckIn(habits, random);
          return checkIn && { date, ...checkIn, at: new Date(`${date}T12:00:00Z`) };
        }).filter((checkIn) => checkIn !== null),
      };
    });
    const loadStarted = Date.now();
    await dynamoScoreStore.importHistory(historyOf(gamers));
    for (const [index, gamer] of gamers.entries()) {
      const email = `bench-gamer-${index}@fitgauge.test`;
      await dynamoUserStore.create(userRecord(gamer.userId, { email, fullName: `Bench Gamer ${index}`, createdAt: at, updatedAt: at }));
      await dynamoShareStore.create(
        newShare({ id: randomUUID(), gamerId: gamer.userId, email: `bench-parent-${index}@fitgauge.test`, frequency: 'DAILY' }, at),
        email,
        new Date(at),
      );
    }
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    // Every DynamoDB request the job makes, counted by command.
    const requests = new Map<string, number>();
    db().middlewareStack.add(
      (next, context) => async (args) => {
        requests.set(context.commandName ?? 'unknown', (requests.get(context.commandName ?? 'unknown') ?? 0) + 1);
        return next(args);
      },
      { step: 'initialize', name: 'benchRequestCounter' },
    );
    const started = process.hrtime.bigint();
    const result = await runRecapJob({ ...productionDeps, now: () => new Date(Date.now() + 1000) });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const perShareMs = (seconds * 1000) / SHARES;
    const total = [...requests.values()].reduce((sum, count) => sum + count, 0);

    console.log(
      `Recap job: ${SHARES} due shares (loaded in ${loadSeconds.toFixed(1)} s) on ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB`,
    );
    console.log(`sent ${result.sent}, already sent ${result.alreadySent}, failed ${result.failed}`);
    console.log(`run: ${seconds.toFixed(1)} s, ${perShareMs.toFixed(2)} ms per share (8 in flight)`);
    console.log(`DynamoDB requests per share: ${(total / SHARES).toFixed(2)}`);
    for (const [command, count] of [...requests].sort()) console.log(`  ${command}: ${(count / SHARES).toFixed(2)}`);
    console.log(`100,000 shares at this rate: ${((perShareMs * 100_000) / 60_000).toFixed(1)} min in one run`);
  } finally {
    await stack.stop();
  }
}

void main();
