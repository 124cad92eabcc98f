/**
 * The mail queue in the local stack (docs/local-mode.md, "Mail"): SQS's SendMessage and ChangeMessageVisibility in
 * SQS's JSON protocol on its own port, for the same signed requests the Lambdas make on AWS (lambdas/lib/sqs.ts), and
 * the event source's side: batches of up to `batchSize` handed to the queue's function of lambdas/triggers.ts at once, a
 * message it reports failed (or all of them, when it throws) handed out again after the visibility timeout, or when
 * the function changed its visibility, after that; a message received `maxReceiveCount` times moved to the dead letters. Messages not yet sent, and the dead letters, are kept in a file of the data folder,
 * so a restart of `npm start` sends what was waiting.
 *
 * It also stands in for SES's mailbox simulator: a message the sender writes to the outbox for
 * bounce@simulator.amazonses.com or complaint@simulator.amazonses.com is answered, as SES would through the
 * configuration set's topic, with a bounce or complaint notification to the topic's function.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { writeFileAtomically } from '../../lambdas/lib/atomic-file';
import { onOutboxWrite, type OutboxRecord } from '../../lambdas/lib/mail';
import { MAX_VISIBILITY_TIMEOUT_SECONDS } from '../../lambdas/lib/sqs';
import type { QueueTrigger } from '../../lambdas/triggers';
import { LOCAL_HOST } from './ports';

/** The account id in local queue URLs (SQS's URLs name the account). */
const LOCAL_ACCOUNT = '000000000000';
/** GET on the queue's origin: answers once nothing is being sent and nothing is waiting to be (tests read the outbox after it). */
export const QUEUE_IDLE_PATH = '/_local/idle';
/** The longest a request to QUEUE_IDLE_PATH waits. */
const IDLE_WAIT_MS = 10_000;
const MAX_BODY = 300 * 1024;

/** A local queue's URL: the stand-in's origin, then the account and the queue's name, as SQS writes them. */
export const localQueueUrl = (port: number, queue: QueueTrigger['queue']) => `http://${LOCAL_HOST}:${port}/${LOCAL_ACCOUNT}/fitgauge-${queue}`;

interface StoredMessage {
  MessageId: string;
  Body: string;
  SentTimestamp: number;
  receiveCount: number;
  /** Epoch ms from which the message may be handed out (again). */
  visibleAt: number;
}

interface QueueFile {
  messages: StoredMessage[];
  deadLetters: StoredMessage[];
}

interface LocalMailQueue {
  /** The queue's URL, as MAIL_QUEUE_URL. */
  url: string;
  /** Starts handing messages to the function (once the Lambdas' environment is set); until then they wait. */
  begin(): void;
  /** Resolves when no batch is being delivered and no message is ready to be. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export async function startMailQueue(options: {
  port: number;
  /** The registry's entry: batch size, visibility timeout and receive count. */
  trigger: QueueTrigger;
  /** Visibility timeout in ms; the registry's (minutes) unless given, short in tests so that retries come soon. */
  visibilityTimeoutMs?: number;
  /** Where waiting messages and dead letters are kept; null: in memory. */
  dataFile: string | null;
  deliver: (event: SQSEvent) => Promise<SQSBatchResponse | void>;
  log: (line: string) => void;
}): Promise<LocalMailQueue> {
  const { trigger, dataFile, log } = options;
  const visibilityTimeoutMs = options.visibilityTimeoutMs ?? trigger.visibilityTimeoutSeconds * 1000;
  const state: QueueFile = dataFile ? await readQueueFile(dataFile) : { messages: [], deadLetters: [] };
  // A restart hands out at once what was in flight when the stack stopped.
  for (const message of state.messages) message.visibleAt = Math.min(message.visibleAt, Date.now());
  let saving = Promise.resolve();
  const save = () => {
    if (!dataFile) return saving;
    saving = saving
      .then(() => writeFileAtomically(dataFile, `${JSON.stringify(state)}\n`))
      .catch((error: unknown) => log(`mail queue: not saved: ${String(error)}`));
    return saving;
  };

  let delivering: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;
  const idleWaiters = new Set<() => void>();
  const ready = () => state.messages.filter((message) => message.visibleAt <= Date.now());
  const isIdle = () => !delivering && ready().length === 0;
  const notifyIdle = () => {
    if (!isIdle()) return;
    for (const wake of idleWaiters) wake();
    idleWaiters.clear();
  };

  const deliverBatch = async () => {
    const batch = ready().slice(0, trigger.batchSize);
    const now = Date.now();
    for (const message of batch) {
      message.receiveCount += 1;
      message.visibleAt = now + visibilityTimeoutMs;
    }
    const records = batch.map((message) => sqsRecord(message, trigger.queue));
    let failed: Set<string>;
    try {
      const answer = await options.deliver({ Records: records });
      failed = new Set((answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      log(`mail queue: ${trigger.function} failed on a batch: ${error instanceof Error ? error.message : String(error)}`);
      failed = new Set(batch.map((message) => message.MessageId));
    }
    for (const message of batch) {
      if (failed.has(message.MessageId) && message.receiveCount < trigger.maxReceiveCount) continue;
      state.messages.splice(state.messages.indexOf(message), 1);
      if (failed.has(message.MessageId)) {
        state.deadLetters.push(message);
        log(`mail queue: message ${message.MessageId} failed ${message.receiveCount} times; moved to the dead letters in ${dataFile ?? 'memory'}`);
      }
    }
    await save();
  };

  /** Delivers batch after batch while messages are ready, then waits for the next one to become visible. */
  const pump = () => {
    if (!started || stopped || delivering) return;
    clearTimeout(timer);
    if (ready().length === 0) {
      const next = Math.min(...state.messages.map((message) => message.visibleAt));
      if (Number.isFinite(next)) timer = setTimeout(pump, Math.max(0, next - Date.now()));
      notifyIdle();
      return;
    }
    delivering = deliverBatch().finally(() => {
      delivering = null;
      pump();
    });
  };

  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === QUEUE_IDLE_PATH) return void waitIdle().then(() => res.writeHead(204).end());
    if (req.method !== 'POST') return void res.writeHead(405).end();
    readBody(req).then(
      (body) => (body === null ? sendError(res, 'com.amazonaws.sqs#RequestTooLong', 'The request is too long.') : answer(req, res, body)),
      () => res.destroy(),
    );
  });

  let url = '';
  const answer = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    const input = (() => {
      try {
        return JSON.parse(body) as { QueueUrl?: string; MessageBody?: string; ReceiptHandle?: string; VisibilityTimeout?: number };
      } catch {
        return null;
      }
    })();
    if (target !== 'AmazonSQS.SendMessage' && target !== 'AmazonSQS.ChangeMessageVisibility')
      return sendError(res, 'com.amazonaws.sqs#InvalidAction', `The local queue has no ${target}`);
    if (!input || input.QueueUrl !== url) return sendError(res, 'com.amazonaws.sqs#QueueDoesNotExist', 'The specified queue does not exist.');
    if (target === 'AmazonSQS.ChangeMessageVisibility') return changeVisibility(res, input);
    if (typeof input.MessageBody !== 'string' || !input.MessageBody)
      return sendError(res, 'com.amazonaws.sqs#MissingParameter', 'MessageBody is required.');
    const message: StoredMessage = {
      MessageId: randomUUID(),
      Body: input.MessageBody,
      SentTimestamp: Date.now(),
      receiveCount: 0,
      visibleAt: Date.now(),
    };
    state.messages.push(message);
    await save();
    res
      .writeHead(200, { 'content-type': 'application/x-amz-json-1.0' })
      .end(JSON.stringify({ MessageId: message.MessageId, MD5OfMessageBody: md5(message.Body) }));
    // Handed to the sender at once: the mail is in the outbox a moment after the call that sent it.
    pump();
  };

  /**
   * ChangeMessageVisibility: the message of the receipt handle (its latest receipt, still on the queue) is handed out
   * again VisibilityTimeout seconds from now, as SQS does; the pump's timer follows once the batch is done.
   */
  const changeVisibility = (res: ServerResponse, input: { ReceiptHandle?: string; VisibilityTimeout?: number }) => {
    const seconds = input.VisibilityTimeout;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > MAX_VISIBILITY_TIMEOUT_SECONDS)
      return sendError(res, 'com.amazonaws.sqs#InvalidParameterValue', 'VisibilityTimeout must be a whole number of seconds, 0 to 43200.');
    const message = state.messages.find((candidate) => receiptHandleOf(candidate) === input.ReceiptHandle);
    if (!message) return sendError(res, 'com.amazonaws.sqs#ReceiptHandleIsInvalid', 'The receipt handle is not valid.');
    message.visibleAt = Date.now() + seconds * 1000;
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}');
    // Outside a batch (an operator's call), the next delivery is planned now; inside one, when it ends.
    if (!delivering) pump();
  };

  const waitIdle = () =>
    isIdle()
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timeout = setTimeout(resolve, IDLE_WAIT_MS);
          idleWaiters.add(() => {
            clearTimeout(timeout);
            resolve();
          });
        });

  await new Promise<void>((resolve) => server.listen(options.port, LOCAL_HOST, resolve));
  url = localQueueUrl((server.address() as AddressInfo).port, trigger.queue);
  return {
    url,
    begin() {
      started = true;
      pump();
    },
    idle: waitIdle,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await delivering;
      await save();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** SES's mailbox simulator addresses the local stand-in answers, and the event SES would publish for each. */
const SIMULATED_EVENTS: Record<string, (record: OutboxRecord) => Record<string, unknown>> = {
  'bounce@simulator.amazonses.com': (record) => ({
    eventType: 'Bounce',
    bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: record.to }], timestamp: record.sentAt },
    mail: { timestamp: record.sentAt, destination: [record.to] },
  }),
  'complaint@simulator.amazonses.com': (record) => ({
    eventType: 'Complaint',
    complaint: { complainedRecipients: [{ emailAddress: record.to }], timestamp: record.sentAt },
    mail: { timestamp: record.sentAt, destination: [record.to] },
  }),
};

/**
 * SES's mailbox simulator on the outbox: each message written for one of its addresses is answered with the SES event
 * it would publish, passed to `publish` as the JSON an SNS notification carries. Returns its removal.
 */
export function simulateMailboxes(publish: (message: string) => void): () => void {
  return onOutboxWrite((record) => {
    const event = SIMULATED_EVENTS[record.to.toLowerCase()];
    if (event) publish(JSON.stringify(event(record)));
  });
}

function sqsRecord(message: StoredMessage, queue: string): SQSRecord {
  return {
    messageId: message.MessageId,
    receiptHandle: receiptHandleOf(message),
    body: message.Body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.SentTimestamp),
      SenderId: LOCAL_ACCOUNT,
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: md5(message.Body),
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:${LOCAL_ACCOUNT}:fitgauge-${queue}`,
    awsRegion: 'us-east-1',
  };
}

/** A receipt handle names one receipt of a message: the next delivery of it makes another. */
const receiptHandleOf = (message: StoredMessage) => `${message.MessageId}#${message.receiveCount}`;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function sendError(res: ServerResponse, type: string, message: string) {
  res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify({ __type: type, message }));
}

/** The body, or null past SQS's largest request (a message of 256 KiB and its envelope). */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readQueueFile(file: string): Promise<QueueFile> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as QueueFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { messages: [], deadLetters: [] };
    throw error;
  }
}
