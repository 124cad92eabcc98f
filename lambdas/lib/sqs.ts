import { signedPost } from './signed-post';

/** How long an SQS call may hold up the call that makes it (an enqueue, a sender's retry). */
const CALL_TIMEOUT_MS = 3000;

/** The longest visibility timeout SQS accepts, in seconds (12 hours). */
export const MAX_VISIBILITY_TIMEOUT_SECONDS = 43_200;

/**
 * One action of SQS's JSON protocol (the one `@aws-sdk/client-sqs` speaks), signed with the function's own credentials
 * (SigV4, service sqs): the product makes two SQS calls (SendMessage, ChangeMessageVisibility), so it needs no SDK
 * client. The request goes to the queue URL's own origin: SQS's regional endpoint on AWS, the local queue stand-in in
 * local mode (scripts/local/mail-queue.ts, docs/architecture.md "Mail and push"). Returns the answer's JSON.
 */
async function callSqs(action: 'SendMessage' | 'ChangeMessageVisibility', queueUrl: string, input: Record<string, unknown>) {
  const { status, ok, answer } = await signedPost(
    'sqs',
    new URL('/', queueUrl),
    JSON.stringify({ QueueUrl: queueUrl, ...input }),
    { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AmazonSQS.${action}` },
    CALL_TIMEOUT_MS,
  );
  const result = answer as { MessageId?: string; message?: string; __type?: string } | null;
  if (!ok) throw new Error(`SQS refused ${action} (HTTP ${status}): ${result?.__type ?? ''} ${result?.message ?? ''}`.trim());
  return result ?? {};
}

/** SQS SendMessage: puts `body` on the queue; returns the message's id. */
export async function sendQueueMessage(queueUrl: string, body: string): Promise<string> {
  const answer = await callSqs('SendMessage', queueUrl, { MessageBody: body });
  if (!answer.MessageId) throw new Error('SQS answered SendMessage without a MessageId');
  return answer.MessageId;
}

/**
 * SQS ChangeMessageVisibility: the message received with `receiptHandle` is handed out again `seconds` from now
 * (whole seconds, 0 to 12 hours, as SQS takes them) instead of after the queue's visibility timeout.
 */
export async function changeMessageVisibility(queueUrl: string, receiptHandle: string, seconds: number): Promise<void> {
  const timeout = Math.min(MAX_VISIBILITY_TIMEOUT_SECONDS, Math.max(0, Math.round(seconds)));
  await callSqs('ChangeMessageVisibility', queueUrl, { ReceiptHandle: receiptHandle, VisibilityTimeout: timeout });
}
