import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';

/** How long an enqueue may hold up the call that sends the message. */
const SEND_TIMEOUT_MS = 3000;

let signer: SignatureV4 | undefined;

/**
 * SQS SendMessage in SQS's JSON protocol (the one `@aws-sdk/client-sqs` speaks), signed with the function's own
 * credentials (SigV4, service sqs): the one SQS call the product makes, so it needs no SDK client. The request goes to
 * the queue URL's own origin: SQS's regional endpoint on AWS, the local queue stand-in in local mode
 * (scripts/local/mail-queue.ts, docs/architecture.md "Mail and push").
 */
export async function sendQueueMessage(queueUrl: string, body: string): Promise<string> {
  const url = new URL(queueUrl);
  signer ??= new SignatureV4({ service: 'sqs', region: process.env.AWS_REGION ?? 'us-east-1', credentials: defaultProvider(), sha256: Sha256 });
  const payload = JSON.stringify({ QueueUrl: queueUrl, MessageBody: body });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: '/',
    query: {},
    headers: { host: url.host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
    body: payload,
  });
  const response = await fetch(`${url.origin}/`, {
    method: 'POST',
    headers: signed.headers,
    body: payload,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => null)) as { MessageId?: string; message?: string; __type?: string } | null;
  if (!response.ok || !answer?.MessageId) {
    throw new Error(`SQS refused the message (HTTP ${response.status}): ${answer?.__type ?? ''} ${answer?.message ?? ''}`.trim());
  }
  return answer.MessageId;
}
