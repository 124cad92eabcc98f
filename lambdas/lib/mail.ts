import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { ReminderMessage } from '@core/reminders';
import { writeFileAtomically } from './atomic-file';
import { config } from './config';
import { sendQueueMessage } from './sqs';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the local outbox holds: one JSON file per message. */
export interface OutboxRecord extends MailMessage {
  sentAt: string;
}

/**
 * A message on the mail queue: `id` is made once at enqueue and travels with every redelivery, so the sender sends
 * each id once (lambdas/mail/sender.ts).
 */
export interface QueuedMail {
  kind: 'mail';
  id: string;
  message: MailMessage;
}

/**
 * A Web Push notification on the same queue: the sender delivers it to every device `userId` has then, once per `id`
 * (lambdas/lib/push.ts, pushToDevices).
 */
export interface QueuedPush {
  kind: 'push';
  id: string;
  userId: string;
  message: ReminderMessage;
}

/** What the mail queue carries: e-mails and Web Push notifications, told apart by `kind`. */
export type QueuedMessage = QueuedMail | QueuedPush;

async function enqueue(queued: QueuedMessage): Promise<void> {
  await sendQueueMessage(config.mailQueueUrl, JSON.stringify(queued));
}

/**
 * Sends one e-mail: puts it on the mail queue (MAIL_QUEUE_URL), one SQS SendMessage, and returns. The mail sender
 * (lambdas/mail/sender.ts) takes it from there at SES's rate, with retries, once per message and never to a suppressed
 * address (docs/architecture.md, "Mail and push").
 */
export async function sendMail(message: MailMessage): Promise<void> {
  await enqueue({ kind: 'mail', id: randomUUID(), message });
}

/**
 * Sends one Web Push notification to a user's devices: puts it on the same queue, one SQS SendMessage, and returns.
 * The sender pushes it to the devices he has then (not paced: push services are not SES), removes the ones the push
 * service calls gone, and retries with the mail's backoff while no device took it and one failed (docs/architecture.md,
 * "Mail and push").
 */
export async function queuePush(userId: string, message: ReminderMessage): Promise<void> {
  await enqueue({ kind: 'push', id: randomUUID(), userId, message });
}

/**
 * Hands one e-mail to SES, in the configuration set whose events record bounces and complaints
 * (MAIL_CONFIGURATION_SET). With MAIL_OUTBOX_DIR set (local mode) the message is written to that folder instead, so
 * every message the product sends can be read there. Only the mail sender calls it.
 */
export async function deliverMail(message: MailMessage): Promise<void> {
  const outbox = process.env.MAIL_OUTBOX_DIR;
  if (outbox) {
    await writeToOutbox(outbox, message);
    return;
  }
  await sendWithSes(message);
}

type OutboxListener = (record: OutboxRecord) => void;
const outboxListeners = new Set<OutboxListener>();

/**
 * Calls `listener` with each message written to the outbox from now on; returns its removal. The local stack's SES
 * stand-in uses it to answer SES's mailbox-simulator addresses with a bounce or complaint (scripts/local/mail-queue.ts).
 */
export function onOutboxWrite(listener: OutboxListener): () => void {
  outboxListeners.add(listener);
  return () => outboxListeners.delete(listener);
}

/** Writes the message as `<sentAt>-<id>.json` (names sort by time) and logs it. Returns the file path. */
export async function writeToOutbox(dir: string, message: MailMessage, now = new Date()): Promise<string> {
  const record: OutboxRecord = { ...message, sentAt: now.toISOString() };
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${record.sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
  // Whole or absent: a reader polling the outbox, or a stack killed mid-write, never sees half a message.
  await writeFileAtomically(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`[mail] to ${record.to}: ${record.subject}\n${record.text}`);
  for (const listener of outboxListeners) listener(record);
  return file;
}

let ses: SESv2Client | undefined;

async function sendWithSes({ to, subject, text, html }: MailMessage): Promise<void> {
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('Missing environment variable MAIL_FROM');
  const configurationSet = process.env.MAIL_CONFIGURATION_SET;
  ses ??= new SESv2Client({});
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [to] },
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
      Content: {
        Simple: {
          Subject: { Data: subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: text, Charset: 'UTF-8' },
            ...(html ? { Html: { Data: html, Charset: 'UTF-8' } } : {}),
          },
        },
      },
    }),
  );
}
