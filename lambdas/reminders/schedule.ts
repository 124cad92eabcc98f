import type { Context } from 'aws-lambda';
import { observed } from '../lib/observability';
import { productionDeps } from './deps';
import { runReminderJob } from './job';

/** Time kept back from the Lambda's limit to finish the page in hand. */
const SAFETY_MARGIN_MS = 60_000;
/** Without a Lambda context (a local call), the run has the Lambda's own 15-minute limit. */
const LAMBDA_LIMIT_MS = 15 * 60_000;

/** The reminder job on its hourly EventBridge Scheduler schedule (lambdas/triggers.ts). */
export const handler = (event: unknown, context?: Context) => {
  const budget = context ? context.getRemainingTimeInMillis() : LAMBDA_LIMIT_MS;
  return observed(async () => runReminderJob(productionDeps, { stopAfter: Date.now() + budget - SAFETY_MARGIN_MS }))(event, context);
};
