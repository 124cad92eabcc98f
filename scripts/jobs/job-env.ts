import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runningStack } from '../local/lock';
import { localDataDir } from '../local/paths';
import { localQueueUrl } from '../local/mail-queue';
import { derivedServicePorts, LOCAL_HOST } from '../local/ports';
import { pushServiceCertificate } from '../local/push/server';
import { LOCAL_CREDENTIALS } from '../local/s3';
import { LOCAL_REGION, LOCAL_TABLE_NAME } from '../local/stack';

/** The environment the running `npm start` stack gives its Lambdas, as far as the jobs need it; null when it is not running. */
function runningStackJobEnv(dataDir = resolve(localDataDir())): Record<string, string> | null {
  const running = runningStack(dataDir);
  if (!running) return null;
  const { dynamodb, push, mailQueue } = derivedServicePorts(dataDir);
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { vapidPrivateKey: string };
  return {
    TABLE_NAME: LOCAL_TABLE_NAME,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: `http://${LOCAL_HOST}:${dynamodb}`,
    // Mail goes on the stack's queue; its sender writes it to the outbox.
    MAIL_QUEUE_URL: localQueueUrl(mailQueue, 'mail'),
    APP_URL: running.url,
    VAPID_PRIVATE_KEY: secrets.vapidPrivateKey,
    PUSH_SERVICE_CA: pushServiceCertificate(dataDir),
    LOCAL_PUSH_SERVICE_ORIGIN: `https://${LOCAL_HOST}:${push}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
  };
}

/**
 * Runs one of the stack's jobs from the command line with the running stack's environment, prints `summary` of its
 * result, and exits non-zero when any of its sends failed; says how to start the stack when it is not running.
 */
export async function runOnRunningStack<R extends { failed: number }>(
  run: () => Promise<R>,
  summary: (result: R, env: Record<string, string>) => string,
): Promise<void> {
  const env = runningStackJobEnv();
  if (!env) {
    console.error('FitGauge is not running from this checkout; start it with npm start first.');
    process.exit(1);
  }
  Object.assign(process.env, env);
  const result = await run();
  console.log(summary(result, env));
  if (result.failed > 0) process.exitCode = 1;
}
