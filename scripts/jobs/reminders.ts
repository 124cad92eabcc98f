/**
 * `npm run job:reminders`: sends the check-in reminders due now with the running `npm start` stack's data, through the
 * same handler the hourly schedule invokes on AWS (docs/reminders.md). Web Push lands in `.local/push/`, e-mail in
 * `.local/outbox/`.
 */
import { runReminderJobNow } from '../local/jobs';
import { runOnRunningStack } from './job-env';

void runOnRunningStack(
  runReminderJobNow,
  (result) =>
    `Reminder job: ${result.sent} sent, ${result.checkedIn} already checked in, ${result.alreadySent} already reminded today, ${result.skipped} past their hour, ${result.failed} failed.`,
);
