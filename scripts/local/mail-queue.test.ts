import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { queueTriggers } from '../../lambdas/triggers';
import { changeMessageVisibility, sendQueueMessage } from '../../lambdas/lib/sqs';
import { startMailQueue } from './mail-queue';

const [trigger] = queueTriggers;

describe('the local mail queue', () => {
  let dir: string;
  beforeAll(() => {
    // The Lambdas sign with the stack's credentials.
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local-secret';
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fg-mail-queue-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const start = (deliver: (event: SQSEvent) => Promise<SQSBatchResponse | void>, visibilityTimeoutMs = 50) =>
    startMailQueue({ port: 0, trigger, visibilityTimeoutMs, dataFile: join(dir, 'mail-queue.json'), deliver, log: () => undefined });

  it('hands each message to the function at once, again after a failure, and to the dead letters after maxReceiveCount', async () => {
    const received: string[] = [];
    const queue = await start(async (event) => {
      received.push(...event.Records.map((record) => record.body));
      // "good" succeeds at once; "flaky" on its third delivery; "broken" never.
      const failed = event.Records.filter(
        (record) => record.body === 'broken' || (record.body === 'flaky' && received.filter((body) => body === 'flaky').length < 3),
      );
      return { batchItemFailures: failed.map((record) => ({ itemIdentifier: record.messageId })) };
    });
    queue.begin();
    try {
      for (const body of ['good', 'flaky', 'broken']) await sendQueueMessage(queue.url, body);
      for (let waited = 0; received.filter((body) => body === 'broken').length < trigger.maxReceiveCount && waited < 5000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await queue.idle();
    } finally {
      await queue.stop();
    }
    expect(received.filter((body) => body === 'good')).toHaveLength(1);
    expect(received.filter((body) => body === 'flaky')).toHaveLength(3);
    expect(received.filter((body) => body === 'broken')).toHaveLength(trigger.maxReceiveCount);
    const kept = JSON.parse(await readFile(join(dir, 'mail-queue.json'), 'utf8')) as { messages: unknown[]; deadLetters: { Body: string }[] };
    expect(kept.messages).toEqual([]);
    expect(kept.deadLetters.map((message) => message.Body)).toEqual(['broken']);
  });

  it('keeps what it has not sent across a restart, and sends it once the next stack begins', async () => {
    const first = await start(async () => undefined);
    // Never begun: the message waits in the data file.
    await sendQueueMessage(first.url, 'waiting');
    await first.stop();

    const received: string[] = [];
    const second = await start(async (event) => void received.push(...event.Records.map((record) => record.body)));
    second.begin();
    await second.idle();
    await second.stop();
    expect(received).toEqual(['waiting']);
  });

  it('hands a message whose visibility the function changed out again after that wait, not after the visibility timeout', async () => {
    const receivedAt: number[] = [];
    let url = '';
    // The visibility timeout is 50 ms; the function asks for 1 s on the first delivery and reports it failed.
    const queue = await start(async (event) => {
      receivedAt.push(Date.now());
      const [record] = event.Records;
      if (receivedAt.length > 1) return { batchItemFailures: [] };
      await changeMessageVisibility(url, record!.receiptHandle, 1);
      return { batchItemFailures: [{ itemIdentifier: record!.messageId }] };
    });
    url = queue.url;
    queue.begin();
    try {
      await sendQueueMessage(queue.url, 'later');
      await new Promise((resolve) => setTimeout(resolve, 600));
      // Well past the 50 ms visibility timeout: not handed out again yet.
      expect(receivedAt).toHaveLength(1);
      for (let waited = 0; receivedAt.length < 2 && waited < 3000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await queue.stop();
    }
    expect(receivedAt).toHaveLength(2);
    expect(receivedAt[1]! - receivedAt[0]!).toBeGreaterThanOrEqual(990);
  });

  it('refuses a visibility change for a receipt it did not give', async () => {
    let handle = '';
    const queue = await start(async (event) => {
      handle = event.Records[0]!.receiptHandle;
      return { batchItemFailures: [{ itemIdentifier: event.Records[0]!.messageId }] };
    }, 60_000);
    queue.begin();
    try {
      await sendQueueMessage(queue.url, 'held');
      for (let waited = 0; !handle && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(changeMessageVisibility(queue.url, 'not-a-receipt', 10)).rejects.toThrow(/ReceiptHandleIsInvalid/);
      await expect(changeMessageVisibility(queue.url, handle, 10)).resolves.toBeUndefined();
    } finally {
      await queue.stop();
    }
  });

  it('refuses a queue it does not hold, as SQS does', async () => {
    const queue = await start(async () => undefined);
    try {
      await expect(sendQueueMessage(`${queue.url}-other`, 'x')).rejects.toThrow(/QueueDoesNotExist/);
    } finally {
      await queue.stop();
    }
  });
});
