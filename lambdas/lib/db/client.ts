import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tracer } from '../observability';

/**
 * Bounded waits: a DynamoDB that stops answering fails the call within about ten seconds (three tries of at most
 * 3 s each, with the SDK's backoff), inside AppSync's 30 s, instead of hanging until the Lambda's own timeout
 * (docs/architecture.md, "When a dependency stops answering"). Single-digit-millisecond reads leave this plenty of
 * room. Connecting may take 3 s: on a busy machine running the local stack a 1 s connect timeout failed healthy calls
 * under the morning-rush benchmark (docs/performance.md).
 */
export const dynamoDbClientConfig = {
  maxAttempts: 3,
  // Without throwOnRequestTimeout the handler only logs a warning when requestTimeout passes, and keeps waiting.
  requestHandler: { connectionTimeout: 3_000, requestTimeout: 3_000, throwOnRequestTimeout: true },
};

let documentClient: DynamoDBDocumentClient | undefined;

/** One document client per Lambda container, created on first use; its calls are traced (X-Ray, on Lambda only). */
export function db(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    tracer.captureAWSv3Client(new DynamoDBClient(dynamoDbClientConfig)),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
}
