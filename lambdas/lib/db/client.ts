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

/**
 * One document client per Lambda container, created on first use; its calls are traced (X-Ray, on Lambda only). The
 * SDK's logger step is removed: nothing reads its log, yet it copies every request and response through the schema's
 * sensitive-field filter before handing them to the no-op logger, about a sixth of the client's CPU on a 30-item Query
 * (docs/performance.md, "Morning rush").
 */
export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    const client = new DynamoDBClient(dynamoDbClientConfig);
    client.middlewareStack.remove('loggerMiddleware');
    documentClient = DynamoDBDocumentClient.from(tracer.captureAWSv3Client(client), { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}
