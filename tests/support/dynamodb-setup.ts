/**
 * Global setup of the `dynamodb` jest project (`*.dynamodb.test.ts`): DynamoDB Local alone, in memory, on a free
 * port, with the FitGauge table; the stores under test find it through the variables the Lambdas read.
 */
import { ensureTable, startDynamoDb, type LocalDynamoDb } from '../../scripts/local/dynamodb';
import { freePorts } from '../../scripts/local/ports';

declare global {
  var __FITGAUGE_TEST_DYNAMODB__: LocalDynamoDb | undefined;
}

/**
 * A port found free can be taken by another process (a parallel run's stack) before the JVM binds it, which stops
 * DynamoDB Local during start-up: such a start is tried again on another free port.
 */
async function startOnFreePort(attemptsLeft = 3): Promise<LocalDynamoDb> {
  const [port] = await freePorts(1);
  try {
    return await startDynamoDb({ port, dbPath: null });
  } catch (error) {
    if (attemptsLeft <= 1 || !(error as Error).message.startsWith('DynamoDB Local stopped during start-up')) throw error;
    return startOnFreePort(attemptsLeft - 1);
  }
}

export default async function dynamoDbSetup(): Promise<void> {
  // Known and documented (stack.md); set before the first client is made.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamo = await startOnFreePort();
  globalThis.__FITGAUGE_TEST_DYNAMODB__ = dynamo;
  const tableName = 'fitgauge-test';
  await ensureTable(dynamo.client, tableName);
  // Jest starts its workers after global setup, so they inherit these.
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
}
