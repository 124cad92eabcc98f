/**
 * The scheduled jobs in local mode (lambdas/triggers.ts `schedules`): `npm start` runs them on a timer in its own
 * process, `npm run job:recap` runs the recap job once, now, against the running stack. Both call the same handler
 * the schedule invokes on AWS; mail goes to the stack's outbox.
 */
import { join, resolve } from 'node:path';
import { runningStack } from './lock';
import { localDataDir } from './paths';
import { derivedServicePorts, LOCAL_HOST } from './ports';
import { LOCAL_CREDENTIALS } from './s3';
import { LOCAL_REGION, LOCAL_TABLE_NAME } from './stack';

/** Locally the recap job runs every 10 minutes (hourly on AWS), so shares made now get their recap soon. */
export const LOCAL_RECAP_INTERVAL_MS = 10 * 60_000;

/** Runs the recap job's scheduled handler once in this process (the stack's environment must be set). */
export async function runRecapJobNow() {
  // Loaded here: the handler's modules read the environment set by the caller.
  const { handler } = await import('../../lambdas/recap/schedule');
  return handler({});
}

/** Starts the local schedule; returns its stop. A run that fails is logged and the next one tries again. */
export function startJobTimers(log: (line: string) => void): () => void {
  const timer = setInterval(() => {
    runRecapJobNow().then(
      (result) => result.sent > 0 && log(`Recap job: ${result.sent} recap e-mail(s) sent to the outbox.`),
      (error: unknown) => log(`Recap job failed: ${String(error)}`),
    );
  }, LOCAL_RECAP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The environment the running `npm start` stack gives its Lambdas, as far as the jobs need it. */
export function runningStackJobEnv(dataDir = resolve(localDataDir())): Record<string, string> | null {
  const running = runningStack(dataDir);
  if (!running) return null;
  const { dynamodb } = derivedServicePorts(dataDir);
  return {
    TABLE_NAME: LOCAL_TABLE_NAME,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: `http://${LOCAL_HOST}:${dynamodb}`,
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
    APP_URL: running.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
  };
}
