/**
 * `npm run job:recap`: sends the recap e-mails due now with the running `npm start` stack's data, through the same
 * handler the EventBridge schedule invokes on AWS (docs/local-mode.md, "Jobs"). The e-mails land in `.local/outbox/`.
 */
import { runRecapJobNow } from '../local/jobs';
import { runningStackJobEnv } from './job-env';

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

void main();
