import type { StackUrls, WebConfig } from './stack';

/** serve-for-tests prints this prefix and a TestStackInfo as JSON on one stdout line when the stack is ready. */
export const READY_PREFIX = 'FITGAUGE_STACK_READY ';

export interface TestStackInfo {
  /** The stack's own process (a child of the test run). */
  pid: number;
  /** The DynamoDB Local JVM: it must be gone after the stack stops. */
  dynamoDbPid: number;
  urls: StackUrls;
  config: WebConfig;
  outboxDir: string;
  /** The Web Push stand-in's notifications (one JSON file each). */
  pushDir: string;
  /** The environment the stack's Lambdas run with: TABLE_NAME, USER_POOL_ID, AWS_ENDPOINT_URL_*, … */
  env: Record<string, string>;
}
