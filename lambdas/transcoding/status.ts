import { observed } from '../lib/observability';
import type { JobStateEvent } from '../lib/transcoding-job';
import { productionDeps } from './deps';
import { recordJobState } from './transcoding';

/** MediaConvert's final job states, through the EventBridge rule of lambdas/triggers.ts. */
export const handler = observed((event: JobStateEvent) => recordJobState(event, productionDeps));
