import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { queueTriggers } from '../../lambdas/triggers';
import { sendQueueMessage } from '../../lambdas/lib/sqs';
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

  it('refuses a queue it does not hold, as SQS does', async () => {
    const queue = await start(async () => undefined);
    try {
      await expect(sendQueueMessage(`${queue.url}-other`, 'x')).rejects.toThrow(/QueueDoesNotExist/);
    } finally {
      await queue.stop();
    }
  });
});
