import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { ReminderMessage } from '@core/reminders';
import { deliverMail, type MailMessage, type QueuedMail, type QueuedMessage, type QueuedPush } from '../lib/mail';
import { config } from '../lib/config';
import { logger, observed } from '../lib/observability';
import { changeMessageVisibility } from '../lib/sqs';
import { pushToDevices, sendPush, type PushResult } from '../lib/push';
import { dynamoPushDeviceStore } from '../lib/stores/push-device-store';
import { dynamoMailStore, type MailStore } from './store';

/** SES's default sending rate of a production account, in messages a second (MAIL_SEND_RATE sets the account's). */
const DEFAULT_SEND_RATE = 14;

/** How long a sender holds a message it is sending: longer than the sender's timeout (infra/lib/mail.ts). */
const DELIVERY_LEASE_MS = 120_000;

/** The wait before a failed message's second delivery, in seconds (MAIL_RETRY_BASE_SECONDS sets it; short in the local tests). */
const DEFAULT_RETRY_BASE_SECONDS = 30;
/** The longest wait between two deliveries of a failed message, in seconds (MAIL_RETRY_MAX_SECONDS sets it). */
const DEFAULT_RETRY_MAX_SECONDS = 15 * 60;
/** How far a wait strays from its nominal value either way, as a fraction of it: failed messages do not come back together. */
const RETRY_JITTER = 0.2;

export interface SenderDeps {
  store: MailStore;
  deliver: (message: MailMessage) => Promise<void>;
  /** Pushes a queued notification to the user's devices (lambdas/lib/push.ts, pushToDevices). */
  push: (userId: string, message: ReminderMessage) => Promise<PushResult>;
  /** Resolves when this sender may make its next send (its share of SES's rate). */
  pace: () => Promise<void>;
  now: () => Date;
  /**
   * Hands the message received with `receiptHandle` out again `seconds` from now (SQS ChangeMessageVisibility) instead
   * of after the queue's visibility timeout.
   */
  retryIn: (receiptHandle: string, seconds: number) => Promise<void>;
  /** The retry waits: the first, and the longest (retryDelaySeconds). */
  retry: { baseSeconds: number; maxSeconds: number };
}

/**
 * How long a message that failed on its `receiveCount`-th delivery waits for the next one: `baseSeconds` doubled at
 * each delivery, up to `maxSeconds`, ± RETRY_JITTER of it (30 s, 1 min, 2 min, 4 min, … 15 min by default). The
 * nominal waits of two receive counts are further apart than the jitter, so the wait grows with every failure until
 * the cap.
 */
export function retryDelaySeconds(receiveCount: number, retry: SenderDeps['retry'], random = Math.random): number {
  const nominal = retry.baseSeconds * 2 ** Math.max(0, receiveCount - 1);
  return Math.min(retry.maxSeconds, nominal * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
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

async function sendOne(queued: QueuedMail, deps: SenderDeps): Promise<Outcome> {
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
 * A queued Web Push: once per message id (the same delivery record as a mail's), to the devices the user has now, not
 * paced (push services are not SES) and never checked against the mail suppression list. Retried while no device took
 * it and one failed (its push service down); done when one took it or none is left (all gone, or the user has none).
 */
async function pushOne(queued: QueuedPush, deps: SenderDeps): Promise<Outcome> {
  const claim = await deps.store.claim(queued.id, deps.now().getTime(), DELIVERY_LEASE_MS);
  if (claim === 'sent') return 'done';
  if (claim === 'held') return 'retry';
  let result: PushResult;
  try {
    result = await deps.push(queued.userId, queued.message);
  } catch (error) {
    result = 'failed';
    logger.warn('push not handled', { messageId: queued.id, error: error as Error });
  }
  if (result === 'failed') {
    logger.warn('push not taken by any device; the queue delivers it again', { messageId: queued.id });
    await deps.store.release(queued.id);
    return 'retry';
  }
  if (result === 'none') logger.info('push to a user with no device left not sent', { messageId: queued.id });
  await deps.store.markSent(queued.id);
  return 'done';
}

/** A record's queued message, read once; a body that is not one fails like any message not handled. */
function readQueued(record: SQSRecord): QueuedMessage | Error {
  try {
    return JSON.parse(record.body) as QueuedMessage;
  } catch (error) {
    return error as Error;
  }
}

/**
 * The mail queue's consumer (docs/architecture.md, "Mail and push"): sends each mail of the batch unless its address
 * is suppressed or it was sent before, paced to SES's rate, pushes each Web Push notification to its user's devices
 * (at once, unpaced), and reports the ones to deliver again (SQS's partial batch
 * response), each after a wait that grows with its receive count (retryDelaySeconds); a message failing
 * maxReceiveCount times goes to the dead-letter queue.
 */
export async function sendQueuedMail(event: SQSEvent, deps: SenderDeps): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  const one = async ({ record, queued }: { record: SQSRecord; queued: QueuedMessage | Error }) => {
    const handling = queued instanceof Error ? Promise.reject(queued) : queued.kind === 'push' ? pushOne(queued, deps) : sendOne(queued, deps);
    const outcome = await handling.catch((error: unknown) => {
      logger.error('queued message not handled', { messageId: record.messageId, error: error as Error });
      return 'retry' as const;
    });
    if (outcome === 'retry') {
      await retryLater(record, deps);
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  };
  const messages = event.Records.map((record) => ({ record, queued: readQueued(record) }));
  const isPush = ({ queued }: (typeof messages)[number]) => !(queued instanceof Error) && queued.kind === 'push';
  const pushes = messages.filter(isPush);
  const mails = messages.filter((message) => !isPush(message));
  await Promise.all([
    // Mail one after the other: the pace is per sender, and SES's rate is what bounds a batch anyway.
    (async () => {
      for (const record of mails) await one(record);
    })(),
    // Pushes all at once, each under its own deadline (10 s), so that a batch of them ends well within the sender's limit.
    Promise.all(pushes.map(one)),
  ]);
  // In the batch's order (SQS takes them in any).
  const order = new Map(event.Records.map((record, index) => [record.messageId, index]));
  batchItemFailures.sort((a, b) => order.get(a.itemIdentifier)! - order.get(b.itemIdentifier)!);
  return { batchItemFailures };
}

/**
 * Sets the failed message's next delivery after its backoff (retryDelaySeconds of its receive count). When SQS refuses,
 * the queue's own visibility timeout brings it back instead.
 */
async function retryLater(record: SQSRecord, deps: SenderDeps): Promise<void> {
  const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 1) || 1;
  const seconds = retryDelaySeconds(receiveCount, deps.retry);
  try {
    await deps.retryIn(record.receiptHandle, seconds);
  } catch (error) {
    logger.warn('retry wait not set; the queue hands the message out after its visibility timeout', {
      messageId: record.messageId,
      error: error as Error,
    });
  }
}

const sendRate = Number(process.env.MAIL_SEND_RATE ?? DEFAULT_SEND_RATE);
const senders = Number(process.env.MAIL_SENDER_CONCURRENCY ?? 1);

const retry = {
  baseSeconds: Number(process.env.MAIL_RETRY_BASE_SECONDS ?? DEFAULT_RETRY_BASE_SECONDS),
  maxSeconds: Number(process.env.MAIL_RETRY_MAX_SECONDS ?? DEFAULT_RETRY_MAX_SECONDS),
};

export const handler = observed((event: SQSEvent) =>
  sendQueuedMail(event, {
    store: dynamoMailStore,
    deliver: deliverMail,
    push: (userId, message) => pushToDevices(userId, message, { devices: dynamoPushDeviceStore, sendPush }),
    pace: pacer(sendRate / senders),
    now: () => new Date(),
    retryIn: (receiptHandle, seconds) => changeMessageVisibility(config.mailQueueUrl, receiptHandle, seconds),
    retry,
  }),
);
