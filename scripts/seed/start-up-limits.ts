/**
 * How long the local stack's start-up (scripts/seed/seed.ts) lets a call to a stand-in take (docs/local-mode.md). A Lambda waits 3 s for DynamoDB (lambdas/lib/db/client.ts);
 * seeding writes thousands of items while DynamoDB Local's JVM warms up, and on a loaded laptop one batch took longer.
 */
export const START_UP_LIMITS = {
  dynamoDb: { maxAttempts: 5, requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000, throwOnRequestTimeout: true } },
  /** Cognito-local and s3rver: no limit at all by default, so a stand-in that hangs would hang the start. */
  standIns: { maxAttempts: 3, requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000, throwOnRequestTimeout: true } },
};
