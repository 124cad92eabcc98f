import { signedPost } from './signed-post';

/** How long an enqueue may hold up the call that sends the message. */
const SEND_TIMEOUT_MS = 3000;

/**
 * SQS SendMessage in SQS's JSON protocol (the one `@aws-sdk/client-sqs` speaks), signed with the function's own
 * credentials (SigV4, service sqs): the one SQS call the product makes, so it needs no SDK client. The request goes to
 * the queue URL's own origin: SQS's regional endpoint on AWS, the local queue stand-in in local mode
 * (scripts/local/mail-queue.ts, docs/architecture.md "Mail and push").
 */
export async function sendQueueMessage(queueUrl: string, body: string): Promise<string> {
  const { status, ok, answer } = await signedPost(
    'sqs',
    new URL('/', queueUrl),
    JSON.stringify({ QueueUrl: queueUrl, MessageBody: body }),
    { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
    SEND_TIMEOUT_MS,
  );
  const sent = answer as { MessageId?: string; message?: string; __type?: string } | null;
  if (!ok || !sent?.MessageId) {
    throw new Error(`SQS refused the message (HTTP ${status}): ${sent?.__type ?? ''} ${sent?.message ?? ''}`.trim());
  }
  return sent.MessageId;
}
