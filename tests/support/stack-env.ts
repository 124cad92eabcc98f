/** Where the e2e stack's details live: set by global-setup, read by tests (tests/support/stack.ts). */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestStackInfo } from '../../scripts/local/test-stack-info';

export const repoRoot = resolve(__dirname, '..', '..');
/** The running test stack's TestStackInfo, for tools outside Jest (the environment takes precedence). */
export const stackFile = join(repoRoot, '.local', 'test-stack.json');
/** The test stack's own log (stand-ins, Lambdas, mail). */
export const stackLogFile = join(repoRoot, '.local', 'test-stack.log');

/** Jest starts its workers after global setup, so they inherit these. */
export function exposeStack(info: TestStackInfo): void {
  Object.assign(process.env, {
    FG_STACK: JSON.stringify(info),
    FG_BASE_URL: info.urls.app,
    FG_GRAPHQL_URL: info.urls.graphql,
    FG_REALTIME_URL: info.urls.realtime,
    FG_PUBLIC_TOKEN: info.config.publicToken,
    FG_USER_POOL_ID: info.config.userPoolId,
    FG_USER_POOL_CLIENT_ID: info.config.userPoolClientId,
    FG_COGNITO_ENDPOINT: info.urls.cognito,
    FG_DYNAMODB_ENDPOINT: info.urls.dynamodb,
    FG_S3_ENDPOINT: info.urls.s3,
    FG_OUTBOX_DIR: info.outboxDir,
    FG_TABLE_NAME: info.env.TABLE_NAME,
    // Tests create AWS SDK clients too; the Node 22 notice is known (stack.md).
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
}

export function readStackInfo(): TestStackInfo {
  if (process.env.FG_STACK) return JSON.parse(process.env.FG_STACK) as TestStackInfo;
  try {
    return JSON.parse(readFileSync(stackFile, 'utf8')) as TestStackInfo;
  } catch {
    throw new Error('No test stack: run e2e tests through Jest (the e2e project starts it in tests/support/global-setup.ts).');
  }
}
