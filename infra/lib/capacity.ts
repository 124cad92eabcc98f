import { RECAP_DUE_SHARDS } from '@core/report-sharing';

/**
 * The most recap job runs at a time (its reserved concurrency): half the shards, so the 16 hourly runs take two waves
 * of at most 15 minutes. The rest of the account's concurrency (1,000 by default) stays with the functions users wait on.
 */
export const RECAP_CONCURRENCY = Math.ceil(RECAP_DUE_SHARDS / 2);
