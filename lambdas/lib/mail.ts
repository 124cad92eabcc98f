import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { writeFileAtomically } from './atomic-file';

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
 * Sends one e-mail. With MAIL_OUTBOX_DIR set (local mode) the message is written to that folder
 * instead of going through SES, so every message the product sends can be read there.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const outbox = process.env.MAIL_OUTBOX_DIR;
  if (outbox) {
    await writeToOutbox(outbox, message);
    return;
  }
  await sendWithSes(message);
}

/** Writes the message as `<sentAt>-<id>.json` (names sort by time) and logs it. Returns the file path. */
export async function writeToOutbox(dir: string, message: MailMessage, now = new Date()): Promise<string> {
  const record: OutboxRecord = { ...message, sentAt: now.toISOString() };
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${record.sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
  // Whole or absent: a reader polling the outbox, or a stack killed mid-write, never sees half a message.
  await writeFileAtomically(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`[mail] to ${record.to}: ${record.subject}\n${record.text}`);
  return file;
}

let ses: SESv2Client | undefined;

async function sendWithSes({ to, subject, text, html }: MailMessage): Promise<void> {
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('Missing environment variable MAIL_FROM');
  ses ??= new SESv2Client({});
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [to] },
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
