/**
 * The scheduled jobs in local mode (lambdas/triggers.ts `schedules`): `npm start` runs them on a timer in its own
 * process, `npm run job:recap` and `npm run job:reminders` run the recap or reminder job once, now, against the running stack. Both call the same handler
 * the schedule invokes on AWS; mail goes to the stack's outbox.
 */
/** Locally the jobs run every 10 minutes (hourly on AWS), so shares made now get their recap soon. */
const LOCAL_RECAP_INTERVAL_MS = 10 * 60_000;

/** Runs the recap job's scheduled handler once in this process (the stack's environment must be set). */
export async function runRecapJobNow() {
  // Loaded here: the handler's modules read the environment set by the caller.
  const { handler } = await import('../../lambdas/recap/schedule');
  return handler({});
}

/** Runs the reminder job's scheduled handler once in this process (the stack's environment must be set). */
export async function runReminderJobNow() {
  const { handler } = await import('../../lambdas/reminders/schedule');
  return handler({});
}

/** Runs the account-deletion repair's scheduled handler once in this process (the stack's environment must be set). */
async function runDeletionRepairNow() {
  const { handler } = await import('../../lambdas/account/deletion-repair');
  return handler({});
}

/** Starts the local schedule; returns its stop. A run that fails is logged and the next one tries again. */
export function startJobTimers(log: (line: string) => void): () => void {
  const timer = setInterval(() => {
    runRecapJobNow().then(
      (result) => result.sent > 0 && log(`Recap job: ${result.sent} recap e-mail(s) sent to the outbox.`),
      (error: unknown) => log(`Recap job failed: ${String(error)}`),
    );
    runReminderJobNow().then(
      (result) => result.sent > 0 && log(`Reminder job: ${result.sent} check-in reminder(s) sent (push stand-in, outbox).`),
      (error: unknown) => log(`Reminder job failed: ${String(error)}`),
    );
    runDeletionRepairNow().then(
      (result) => result.finished > 0 && log(`Account-deletion repair: ${result.finished} stopped deletion(s) finished.`),
      (error: unknown) => log(`Account-deletion repair failed: ${String(error)}`),
    );
  }, LOCAL_RECAP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
