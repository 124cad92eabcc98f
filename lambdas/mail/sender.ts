import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { deliverMail, type MailMessage, type QueuedMail } from '../lib/mail';
import { logger, observed } from '../lib/observability';
import { dynamoMailStore, type MailStore } from './store';

/** SES's default sending rate of a production account, in messages a second (MAIL_SEND_RATE sets the account's). */
const DEFAULT_SEND_RATE = 14;

/** How long a sender holds a message it is sending: longer than the sender's timeout (infra/lib/mail.ts). */
const DELIVERY_LEASE_MS = 120_000;

export interface SenderDeps {
  store: MailStore;
  deliver: (message: MailMessage) => Promise<void>;
  /** Resolves when this sender may make its next send (its share of SES's rate). */
  pace: () => Promise<void>;
  now: () => Date;
}

/**
 * Spaces sends `1000 / perSecond` ms apart, the first at once: one instance of the sender keeps to `perSecond`, and
 * MAIL_SENDER_CONCURRENCY instances, each at its share, to the account's MAIL_SEND_RATE.
 */
export function pacer(perSecond: number, clock = () => Date.now(), sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  const interval = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = clock();
    const at = Math.max(now, next);
    next = at + interval;
    if (at > now) await sleep(at - now);
  };
}

/** What one queued message came to: sent now, or left for a later delivery of it (a batch item failure). */
type Outcome = 'done' | 'retry';

async function sendOne(record: SQSRecord, deps: SenderDeps): Promise<Outcome> {
  const queued = JSON.parse(record.body) as QueuedMail;
  const { to } = queued.message;
  // The one check of the suppression list: every mail of every feature passes here.
  if (await deps.store.suppressionOf(to)) {
    await deps.store.countSuppressedSend(to, deps.now().toISOString());
    logger.info('mail to a suppressed address not sent', { messageId: queued.id });
    return 'done';
  }
  const claim = await deps.store.claim(queued.id, deps.now().getTime(), DELIVERY_LEASE_MS);
  if (claim === 'sent') return 'done';
  if (claim === 'held') return 'retry';
  await deps.pace();
  try {
    await deps.deliver(queued.message);
  } catch (error) {
    logger.warn('mail send failed; the queue delivers it again', { messageId: queued.id, error: error as Error });
    await deps.store.release(queued.id);
    return 'retry';
  }
  await deps.store.markSent(queued.id);
  return 'done';
}

/**
 * The mail queue's consumer (docs/architecture.md, "Mail and push"): sends each message of the batch unless its address
 * is suppressed or it was sent before, paced to SES's rate, and reports the ones to deliver again (SQS's partial batch
 * response); a message failing maxReceiveCount times goes to the dead-letter queue.
 */
export async function sendQueuedMail(event: SQSEvent, deps: SenderDeps): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  // One after the other: the pace is per sender, and SES's rate is what bounds a batch anyway.
  for (const record of event.Records) {
    const outcome = await sendOne(record, deps).catch((error: unknown) => {
      logger.error('queued mail not handled', { messageId: record.messageId, error: error as Error });
      return 'retry' as const;
    });
    if (outcome === 'retry') batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
}

const sendRate = Number(process.env.MAIL_SEND_RATE ?? DEFAULT_SEND_RATE);
const senders = Number(process.env.MAIL_SENDER_CONCURRENCY ?? 1);

export const handler = observed((event: SQSEvent) =>
  sendQueuedMail(event, { store: dynamoMailStore, deliver: deliverMail, pace: pacer(sendRate / senders), now: () => new Date() }),
);
