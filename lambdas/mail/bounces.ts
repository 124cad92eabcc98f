import type { SNSEvent } from 'aws-lambda';
import { logger, observed } from '../lib/observability';
import { dynamoMailStore, type MailStore } from './store';

/**
 * The part of an SES event (a configuration set's event destination, or an identity's notification) that says who
 * bounced or complained. SES writes `eventType` in the first, `notificationType` in the second.
 */
export interface SesMailEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType: string; bouncedRecipients: { emailAddress: string }[]; timestamp?: string };
  complaint?: { complainedRecipients: { emailAddress: string }[]; timestamp?: string };
}

/**
 * Suppresses the addresses of SES's bounce and complaint events, as SNS delivers them (docs/architecture.md, "Mail and
 * push"): a permanent bounce (the mailbox does not exist) or any complaint. A transient bounce (a full mailbox, an
 * auto-reply) suppresses nothing: SES retried it already, and the next mail may arrive.
 */
export async function recordMailEvents(event: SNSEvent, store: Pick<MailStore, 'suppress'>, now = new Date()): Promise<void> {
  for (const record of event.Records) {
    const mailEvent = JSON.parse(record.Sns.Message) as SesMailEvent;
    const type = mailEvent.eventType ?? mailEvent.notificationType;
    if (type === 'Bounce' && mailEvent.bounce?.bounceType === 'Permanent') {
      for (const { emailAddress } of mailEvent.bounce.bouncedRecipients)
        await store.suppress(emailAddress, 'BOUNCE', mailEvent.bounce.timestamp ?? now.toISOString());
    } else if (type === 'Complaint' && mailEvent.complaint) {
      for (const { emailAddress } of mailEvent.complaint.complainedRecipients)
        await store.suppress(emailAddress, 'COMPLAINT', mailEvent.complaint.timestamp ?? now.toISOString());
    } else {
      logger.info('mail event without a suppression', { type });
    }
  }
}

export const handler = observed((event: SNSEvent) => recordMailEvents(event, dynamoMailStore));
