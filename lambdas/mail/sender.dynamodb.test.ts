import { randomUUID } from 'node:crypto';
import type { SNSEvent, SQSEvent, SQSRecord } from 'aws-lambda';
import type { ReminderMessage } from '@core/reminders';
import type { MailMessage, QueuedMail, QueuedPush } from '../lib/mail';
import type { PushResult } from '../lib/push';
import { recordMailEvents, type SesMailEvent } from './bounces';
import { pacer, retryDelaySeconds, sendQueuedMail, type SenderDeps } from './sender';
import { dynamoMailStore } from './store';

/** An SQS record of a queued mail, as the event source hands it: the same record again is a redelivery. */
const queued = (message: MailMessage): SQSRecord => {
  const messageId = randomUUID();
  return {
    messageId,
    receiptHandle: `${messageId}#1`,
    attributes: { ApproximateReceiveCount: '1' },
    body: JSON.stringify({ kind: 'mail', id: randomUUID(), message } satisfies QueuedMail),
  } as SQSRecord;
};
/** An SQS record of a queued Web Push notification. */
const queuedPush = (userId: string, message: ReminderMessage): SQSRecord => {
  const messageId = randomUUID();
  return {
    messageId,
    receiptHandle: `${messageId}#1`,
    attributes: { ApproximateReceiveCount: '1' },
    body: JSON.stringify({ kind: 'push', id: randomUUID(), userId, message } satisfies QueuedPush),
  } as SQSRecord;
};
/** The record's `receiveCount`-th delivery: SQS's receive count, and a receipt handle of its own. */
const receivedAgain = (record: SQSRecord, receiveCount: number): SQSRecord => ({
  ...record,
  receiptHandle: `${record.messageId}#${receiveCount}`,
  attributes: { ...record.attributes, ApproximateReceiveCount: String(receiveCount) },
});
const batch = (records: SQSRecord[]): SQSEvent => ({ Records: records });

/** SES as the sender sees it: down while `down` is true, otherwise recording every mail it takes. */
function fakeSes() {
  const sent: MailMessage[] = [];
  const ses = {
    down: false,
    sent,
    deliver: async (message: MailMessage) => {
      if (ses.down) throw new Error('SES is not answering');
      sent.push(message);
    },
  };
  return ses;
}

const RETRY = { baseSeconds: 30, maxSeconds: 900 };

/** The push services as the sender sees them: down while `down` is true (every device fails), otherwise taking every push. */
function fakePush() {
  const pushed: { userId: string; message: ReminderMessage }[] = [];
  const service = {
    down: false,
    pushed,
    push: async (userId: string, message: ReminderMessage): Promise<PushResult> => {
      if (service.down) return 'failed';
      pushed.push({ userId, message });
      return 'sent';
    },
  };
  return service;
}

const depsWith = (
  deliver: SenderDeps['deliver'],
  retryIn: SenderDeps['retryIn'] = async () => undefined,
  push: SenderDeps['push'] = async () => 'sent',
): SenderDeps => ({
  store: dynamoMailStore,
  deliver,
  push,
  pace: async () => undefined,
  now: () => new Date(),
  retryIn,
  retry: RETRY,
});

/** SQS's side: delivers the batch, then again what the sender reported failed, until nothing is left or `rounds` ran out. */
async function deliverUntilDone(records: SQSRecord[], deps: SenderDeps, between: (round: number) => void, rounds = 6) {
  let pending = records;
  for (let round = 0; round < rounds && pending.length; round += 1) {
    between(round);
    const { batchItemFailures } = await sendQueuedMail(batch(pending), deps);
    const failed = new Set(batchItemFailures.map((failure) => failure.itemIdentifier));
    pending = pending.filter((record) => failed.has(record.messageId)).map((record) => receivedAgain(record, round + 2));
  }
  return pending;
}

const bounceOf = (email: string, bounceType = 'Permanent'): SNSEvent =>
  ({
    Records: [
      {
        Sns: {
          Message: JSON.stringify({
            eventType: 'Bounce',
            bounce: { bounceType, bouncedRecipients: [{ emailAddress: email }] },
          } satisfies SesMailEvent),
        },
      },
    ],
  }) as SNSEvent;

describe('the mail sender', () => {
  it('sends every mail exactly once through an SES outage: failed sends come back, redeliveries of sent ones send nothing', async () => {
    const ses = fakeSes();
    const deps = depsWith(ses.deliver);
    const records = [1, 2, 3].map((n) => queued({ to: `outage-${n}-${randomUUID()}@fitgauge.test`, subject: `Mail ${n}`, text: 'Hello' }));

    // Down for the first two deliveries, then back.
    const left = await deliverUntilDone(records, deps, (round) => (ses.down = round < 2));
    expect(left).toEqual([]);
    expect(ses.sent.map((mail) => mail.subject).sort()).toEqual(['Mail 1', 'Mail 2', 'Mail 3']);

    // SQS delivers at least once: the same messages again (a lost acknowledgement) are not sent twice.
    expect(await sendQueuedMail(batch(records), deps)).toEqual({ batchItemFailures: [] });
    expect(ses.sent).toHaveLength(3);
  });

  it('reports a record that is not a queued message for another delivery and still sends the rest of its batch', async () => {
    const ses = fakeSes();
    const mail = queued({ to: `beside-${randomUUID()}@fitgauge.test`, subject: 'Beside', text: 'Hello' });
    const unreadable = { ...queued({ to: 'unused@fitgauge.test', subject: 'x', text: 'x' }), body: '{"kind":"mail",' };
    expect(await sendQueuedMail(batch([unreadable, mail]), depsWith(ses.deliver))).toEqual({
      batchItemFailures: [{ itemIdentifier: unreadable.messageId }],
    });
    expect(ses.sent.map((sent) => sent.subject)).toEqual(['Beside']);
  });

  it('sends a message delivered to two senders at once only once', async () => {
    const ses = fakeSes();
    const record = queued({ to: `twice-${randomUUID()}@fitgauge.test`, subject: 'Once', text: 'Hello' });
    const [first, second] = await Promise.all([
      sendQueuedMail(batch([record]), depsWith(ses.deliver)),
      sendQueuedMail(batch([record]), depsWith(ses.deliver)),
    ]);
    expect(ses.sent).toHaveLength(1);
    // The one that found it held by the other (if it was still sending) gives it back to the queue; delivered again, it is done.
    expect([...first.batchItemFailures, ...second.batchItemFailures].length).toBeLessThanOrEqual(1);
    expect(await sendQueuedMail(batch([record]), depsWith(ses.deliver))).toEqual({ batchItemFailures: [] });
    expect(ses.sent).toHaveLength(1);
  });

  it('reports a message whose bookkeeping fails for another delivery and sends the rest of the batch', async () => {
    const ses = fakeSes();
    const good = queued({ to: `fine-${randomUUID()}@fitgauge.test`, subject: 'Fine', text: 'Hello' });
    const broken = { ...good, messageId: randomUUID(), body: '{not json' } as SQSRecord;
    expect(await sendQueuedMail(batch([broken, good]), depsWith(ses.deliver))).toEqual({ batchItemFailures: [{ itemIdentifier: broken.messageId }] });
    expect(ses.sent.map((mail) => mail.subject)).toEqual(['Fine']);
  });
});

describe('retries', () => {
  it('sets a failed message to come back after a wait that grows with its receive count, up to the cap, and reports it failed', async () => {
    const ses = fakeSes();
    ses.down = true;
    const waits: { receiptHandle: string; seconds: number }[] = [];
    const deps = depsWith(ses.deliver, async (receiptHandle, seconds) => void waits.push({ receiptHandle, seconds }));
    const record = queued({ to: `backoff-${randomUUID()}@fitgauge.test`, subject: 'Later', text: 'Hello' });

    for (let receiveCount = 1; receiveCount <= 7; receiveCount += 1) {
      const delivery = receivedAgain(record, receiveCount);
      expect(await sendQueuedMail(batch([delivery]), deps)).toEqual({ batchItemFailures: [{ itemIdentifier: record.messageId }] });
      // The wait is set on this delivery's receipt handle.
      expect(waits.at(-1)?.receiptHandle).toBe(delivery.receiptHandle);
    }
    const seconds = waits.map((wait) => wait.seconds);
    // 30 s, 1 min, 2 min, 4 min, 8 min ± 20 %, then 15 min at most.
    [30, 60, 120, 240, 480].forEach((nominal, index) => {
      expect(seconds[index]).toBeGreaterThanOrEqual(nominal * 0.8);
      expect(seconds[index]).toBeLessThanOrEqual(nominal * 1.2);
    });
    for (let index = 1; index < 5; index += 1) expect(seconds[index]).toBeGreaterThan(seconds[index - 1]!);
    expect(seconds.slice(5).every((wait) => wait > 700 && wait <= RETRY.maxSeconds)).toBe(true);
    expect(ses.sent).toEqual([]);
  });

  it('spreads the waits of one receive count (jitter) and keeps them under the cap', () => {
    expect(retryDelaySeconds(1, RETRY, () => 0)).toBeCloseTo(24, 5);
    expect(retryDelaySeconds(1, RETRY, () => 1)).toBeCloseTo(36, 5);
    expect(retryDelaySeconds(3, RETRY, () => 0.5)).toBeCloseTo(120, 5);
    expect(retryDelaySeconds(20, RETRY, () => 1)).toBe(RETRY.maxSeconds);
    expect(retryDelaySeconds(1, { baseSeconds: 1, maxSeconds: 900 }, () => 0.5)).toBe(1);
  });

  it('still reports the message failed when SQS refuses the new wait (the queue brings it back after its visibility timeout)', async () => {
    const ses = fakeSes();
    ses.down = true;
    const deps = depsWith(ses.deliver, async () => {
      throw new Error('SQS is not answering');
    });
    const record = queued({ to: `no-wait-${randomUUID()}@fitgauge.test`, subject: 'Later', text: 'Hello' });
    expect(await sendQueuedMail(batch([record]), deps)).toEqual({ batchItemFailures: [{ itemIdentifier: record.messageId }] });
  });

  it('sets no wait for a message it sent', async () => {
    const ses = fakeSes();
    const waits: number[] = [];
    const deps = depsWith(ses.deliver, async (_, seconds) => void waits.push(seconds));
    await sendQueuedMail(batch([queued({ to: `sent-${randomUUID()}@fitgauge.test`, subject: 'Now', text: 'Hello' })]), deps);
    expect(waits).toEqual([]);
    expect(ses.sent).toHaveLength(1);
  });
});

describe('Web Push through the queue', () => {
  const notification: ReminderMessage = { title: 'Night Owls is waiting for your check-in', body: 'Now', url: '/home/check-in' };

  it('delivers a push queued while the push service is down once, when it is back, with growing waits in between', async () => {
    const ses = fakeSes();
    const service = fakePush();
    const waits: number[] = [];
    const deps = depsWith(ses.deliver, async (_, seconds) => void waits.push(seconds), service.push);
    const userId = randomUUID();
    const record = queuedPush(userId, notification);

    // Down for the first three deliveries, then back.
    const left = await deliverUntilDone([record], deps, (round) => (service.down = round < 3));
    expect(left).toEqual([]);
    expect(service.pushed).toEqual([{ userId, message: notification }]);
    expect(waits).toHaveLength(3);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    expect(waits[2]).toBeGreaterThan(waits[1]!);

    // Delivered again (a lost acknowledgement): not pushed twice.
    expect(await sendQueuedMail(batch([record]), deps)).toEqual({ batchItemFailures: [] });
    expect(service.pushed).toHaveLength(1);
    // Push is no mail: nothing went to SES.
    expect(ses.sent).toEqual([]);
  });

  it('is done with a push no device is left to take (all gone), and never checks it against the suppression list', async () => {
    const pushes: string[] = [];
    const deps = depsWith(fakeSes().deliver, undefined, async (userId) => {
      pushes.push(userId);
      return 'none';
    });
    const record = queuedPush(randomUUID(), notification);
    expect(await sendQueuedMail(batch([record]), deps)).toEqual({ batchItemFailures: [] });
    expect(await sendQueuedMail(batch([record]), deps)).toEqual({ batchItemFailures: [] });
    expect(pushes).toHaveLength(1);
  });

  it('takes mail and pushes in one batch: the mail paced, the pushes not, the failed ones reported in the batch order', async () => {
    const ses = fakeSes();
    const paced: string[] = [];
    const deps: SenderDeps = {
      ...depsWith(ses.deliver, undefined, async (userId) => (userId === 'down' ? 'failed' : 'sent')),
      pace: async () => void paced.push('mail'),
    };
    const records = [
      queuedPush('down', notification),
      queued({ to: `mixed-${randomUUID()}@fitgauge.test`, subject: 'Mixed', text: 'Hello' }),
      queuedPush(randomUUID(), notification),
      queuedPush('down', notification),
    ];
    const { batchItemFailures } = await sendQueuedMail(batch(records), deps);
    expect(batchItemFailures).toEqual([{ itemIdentifier: records[0]!.messageId }, { itemIdentifier: records[3]!.messageId }]);
    expect(paced).toEqual(['mail']);
    expect(ses.sent.map((mail) => mail.subject)).toEqual(['Mixed']);
  });
});

describe('bounces and complaints', () => {
  it('suppresses a bounced address for every later mail, whatever its case, and counts the refused sends', async () => {
    const ses = fakeSes();
    const address = `bounced-${randomUUID()}@fitgauge.test`;
    await recordMailEvents(bounceOf(address.toUpperCase()), dynamoMailStore, new Date('2026-12-02T08:00:00Z'));

    const later = ['Readiness alert', 'Nudge', 'Invitation'].map((subject) => queued({ to: address, subject, text: 'Hello' }));
    expect(await sendQueuedMail(batch(later), depsWith(ses.deliver))).toEqual({ batchItemFailures: [] });
    expect(ses.sent).toEqual([]);

    expect(await dynamoMailStore.suppressionOf(address)).toEqual({ reason: 'BOUNCE', at: '2026-12-02T08:00:00.000Z', suppressedSends: 3 });
  });

  it('suppresses on a complaint, not on a transient bounce', async () => {
    const complained = `complained-${randomUUID()}@fitgauge.test`;
    const full = `full-mailbox-${randomUUID()}@fitgauge.test`;
    await recordMailEvents(
      {
        Records: [
          {
            Sns: { Message: JSON.stringify({ notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: complained }] } }) },
          },
        ],
      } as SNSEvent,
      dynamoMailStore,
    );
    await recordMailEvents(bounceOf(full, 'Transient'), dynamoMailStore);
    expect(await dynamoMailStore.suppressionOf(complained)).toMatchObject({ reason: 'COMPLAINT' });
    expect(await dynamoMailStore.suppressionOf(full)).toBeNull();
  });
});

describe('pacer', () => {
  it('spaces sends to the rate, the first at once', async () => {
    let clock = 0;
    const waits: number[] = [];
    const pace = pacer(
      14,
      () => clock,
      async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    );
    for (let send = 0; send < 15; send += 1) await pace();
    expect(waits).toHaveLength(14);
    expect(clock).toBeCloseTo(1000, 5);
  });
});
