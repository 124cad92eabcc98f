import type { Context } from 'aws-lambda';
import { observed } from '../lib/observability';
import { productionDeps } from './deps';
import { runReminderJob } from './job';

/** Time kept back from the Lambda's limit to finish the page in hand. */
const SAFETY_MARGIN_MS = 60_000;
/** Without a Lambda context (a local call), the run has the Lambda's own 15-minute limit. */
const LAMBDA_LIMIT_MS = 15 * 60_000;

export interface ReminderEvent {
  /** Limits the run to these due shards (one hourly schedule per shard, lambdas/triggers.ts); all when absent. */
  shards?: number[];
}

/** The reminder job on its hourly EventBridge Scheduler schedules (lambdas/triggers.ts). */
export const handler = (event: ReminderEvent | null, context?: Context) => {
  const budget = context ? context.getRemainingTimeInMillis() : LAMBDA_LIMIT_MS;
  return observed(async (input: ReminderEvent | null) =>
    runReminderJob(productionDeps, {
      shards: Array.isArray(input?.shards) ? input.shards.filter(Number.isInteger) : undefined,
      stopAfter: Date.now() + budget - SAFETY_MARGIN_MS,
    }),
  )(event, context);
};
