import { RECAP_DUE_SHARDS } from '@core/report-sharing';

/**
 * The most recap job runs at a time (its reserved concurrency): half the shards, so the 16 hourly runs take two waves
 * of at most 15 minutes. The rest of the account's concurrency (1,000 by default) stays with the functions users wait on.
 */
export const RECAP_CONCURRENCY = Math.ceil(RECAP_DUE_SHARDS / 2);

/**
 * Signed-out calls a second at the morning peak: mostly sign-ins and token refreshes, which Cognito's UserAuthentication
 * quota (120 a second per account by default) holds at this rate anyway (docs/accounts.md, Sessions).
 */
const PEAK_PUBLIC_CALLS_PER_SECOND = 120;
/** A cold invocation of the public authorizer: Lambda starting Node.js, its 4 ms module init (docs/performance.md), the answer. */
const COLD_AUTHORIZER_SECONDS = 0.25;

/**
 * The public authorizer's reserved concurrency. AppSync invokes it only for the deployment's own token and keeps its
 * answer for an hour, so it runs about once an hour; when that answer expires at the peak, the calls that arrive before
 * the new one is cached each invoke it: 120 a second for a cold 0.25 s is 30 at once. Reserved, these 30 are always
 * there for sign-in, whatever the other functions use, and the authorizer can never take more (docs/architecture.md,
 * "Signed-out calls").
 */
export const PUBLIC_AUTHORIZER_CONCURRENCY = Math.ceil(PEAK_PUBLIC_CALLS_PER_SECOND * COLD_AUTHORIZER_SECONDS);
