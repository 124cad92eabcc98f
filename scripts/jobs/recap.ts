/**
 * `npm run job:recap`: sends the recap e-mails due now with the running `npm start` stack's data, through the same
 * handler the EventBridge schedule invokes on AWS (docs/local-mode.md, "Jobs"). The e-mails land in `.local/outbox/`.
 */
import { runRecapJobNow } from '../local/jobs';
import { runOnRunningStack } from './job-env';

void runOnRunningStack(
  runRecapJobNow,
  (result, env) =>
    `Recap job: ${result.sent} sent, ${result.alreadySent} already sent in an earlier run, ${result.failed} failed (outbox: ${env.MAIL_OUTBOX_DIR}).`,
);
