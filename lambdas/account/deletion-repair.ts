import { finishStoppedDeletions } from '../lib/account-deletion';
import { observed } from '../lib/observability';

/**
 * The account-deletion repair job on its hourly schedule (lambdas/triggers.ts): finishes the deletions that stopped
 * half-way, which their users, no longer able to sign in, cannot retry (docs/data-model.md "Windows between
 * transactions").
 */
export const handler = observed(async () => ({ finished: (await finishStoppedDeletions()).length }));
