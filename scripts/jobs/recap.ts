/**
 * `npm run job:recap`: sends the recap e-mails due now with the running `npm start` stack's data, through the same
 * handler the EventBridge schedule invokes on AWS (docs/local-mode.md, "Jobs"). The e-mails land in `.local/outbox/`.
 */
import { join, resolve } from 'node:path';
import { runRecapJobNow } from '../local/jobs';
import { runningStack } from '../local/lock';
import { localDataDir } from '../local/paths';
import { derivedServicePorts, LOCAL_HOST } from '../local/ports';
import { LOCAL_CREDENTIALS } from '../local/s3';
import { LOCAL_REGION, LOCAL_TABLE_NAME } from '../local/stack';

async function main() {
  const env = runningStackJobEnv();
  if (!env) {
    console.error('FitGauge is not running from this checkout; start it with npm start first.');
    process.exit(1);
  }
  Object.assign(process.env, env);
  const result = await runRecapJobNow();
  console.log(
    `Recap job: ${result.sent} sent, ${result.alreadySent} already sent in an earlier run, ${result.failed} failed (outbox: ${env.MAIL_OUTBOX_DIR}).`,
  );
  if (result.failed > 0) process.exitCode = 1;
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

void main();
