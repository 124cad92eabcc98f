/**
 * `npm run job:reminders`: sends the check-in reminders due now with the running `npm start` stack's data, through the
 * same handler the hourly schedule invokes on AWS (docs/reminders.md). Web Push lands in `.local/push/`, e-mail in
 * `.local/outbox/`.
 */
import { runReminderJobNow } from '../local/jobs';
import { runningStackJobEnv } from './job-env';

async function main() {
  const env = runningStackJobEnv();
  if (!env) {
    console.error('FitGauge is not running from this checkout; start it with npm start first.');
    process.exit(1);
  }
  Object.assign(process.env, env);
  const result = await runReminderJobNow();
  console.log(
    `Reminder job: ${result.sent} sent, ${result.checkedIn} already checked in, ${result.alreadySent} already reminded today, ${result.skipped} past their hour, ${result.failed} failed.`,
  );
  if (result.failed > 0) process.exitCode = 1;
}

void main();
