import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';

/** How long an SQS call may hold up the call that makes it (an enqueue, a sender's retry). */
const CALL_TIMEOUT_MS = 3000;

/** The longest visibility timeout SQS accepts, in seconds (12 hours). */
export const MAX_VISIBILITY_TIMEOUT_SECONDS = 43_200;

let signer: SignatureV4 | undefined;

/**
 * One action of SQS's JSON protocol (the one `@aws-sdk/client-sqs` speaks), signed with the function's own credentials
 * (SigV4, service sqs): the product makes two SQS calls (SendMessage, ChangeMessageVisibility), so it needs no SDK
 * client. The request goes to the queue URL's own origin: SQS's regional endpoint on AWS, the local queue stand-in in
 * local mode (scripts/local/mail-queue.ts, docs/architecture.md "Mail and push"). Returns the answer's JSON.
 */
async function callSqs(action: 'SendMessage' | 'ChangeMessageVisibility', queueUrl: string, input: Record<string, unknown>) {
  const url = new URL(queueUrl);
  signer ??= new SignatureV4({ service: 'sqs', region: process.env.AWS_REGION ?? 'us-east-1', credentials: defaultProvider(), sha256: Sha256 });
  const payload = JSON.stringify({ QueueUrl: queueUrl, ...input });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: '/',
    query: {},
    headers: { host: url.host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AmazonSQS.${action}` },
    body: payload,
  });
  const response = await fetch(`${url.origin}/`, {
    method: 'POST',
    headers: signed.headers,
    body: payload,
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => null)) as { MessageId?: string; message?: string; __type?: string } | null;
  if (!response.ok) {
    throw new Error(`SQS refused ${action} (HTTP ${response.status}): ${answer?.__type ?? ''} ${answer?.message ?? ''}`.trim());
  }
  return answer ?? {};
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
