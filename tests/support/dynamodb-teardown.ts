/** Stops the DynamoDB Local that tests/support/dynamodb-setup.ts started. */
export default async function dynamoDbTeardown(): Promise<void> {
  await globalThis.__FITGAUGE_TEST_DYNAMODB__?.stop();
  globalThis.__FITGAUGE_TEST_DYNAMODB__ = undefined;
}
