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
  documentClient ??= documentClientWith(dynamoDbClientConfig);
  return documentClient;
}

function documentClientWith(clientConfig: typeof dynamoDbClientConfig): DynamoDBDocumentClient {
  const client = new DynamoDBClient(clientConfig);
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(tracer.captureAWSv3Client(client), { marshallOptions: { removeUndefinedValues: true } });
}

/**
 * Runs `work` with `db()` answering through a client with these limits instead, then puts the bounded client back.
 * Only for the local stack's start-up (scripts/seed/start-up.ts): seeding writes thousands of items into DynamoDB Local
 * while its JVM warms up, and on a loaded laptop one batch can take longer than the 3 s a Lambda waits.
 */
export async function withDynamoDbLimits<T>(limits: typeof dynamoDbClientConfig, work: () => Promise<T>): Promise<T> {
  const bounded = documentClient;
  // Not destroyed after: an event handler that `work` set off (an upload's transcode) may still be using it.
  documentClient = documentClientWith(limits);
  try {
    return await work();
  } finally {
    documentClient = bounded;
  }
}
