import type { Context } from 'aws-lambda';
import { observed } from '../lib/observability';
import { productionDeps } from './deps';
import { runRecapJob } from './job';

/** Time kept back from the Lambda's limit to finish the page in hand. */
const SAFETY_MARGIN_MS = 60_000;
/** Without a Lambda context (a local call), the run has the Lambda's own 15-minute limit. */
const LAMBDA_LIMIT_MS = 15 * 60_000;

export interface RecapEvent {
  /** Limits the run to these due shards (the fan-out of docs/recap.md); all when absent. */
  shards?: number[];
}

/**
 * The recap job on its EventBridge Scheduler schedule (lambdas/triggers.ts). What the time budget leaves stays due
 * for the next run.
 */
export const handler = (event: RecapEvent | null, context?: Context) => {
  const budget = context ? context.getRemainingTimeInMillis() : LAMBDA_LIMIT_MS;
  return observed(async (input: RecapEvent | null) =>
    runRecapJob(productionDeps, {
      shards: Array.isArray(input?.shards) ? input.shards.filter(Number.isInteger) : undefined,
      stopAfter: Date.now() + budget - SAFETY_MARGIN_MS,
    }),
  )(event, context);
};
