/**
 * What one Lambda invocation asks of AWS, counted in-process (bench/budget.ts): every AWS SDK v3 client of the
 * process shares the Smithy `Client` class, so wrapping its `send` sees each DynamoDB, Cognito and SES call of the
 * Lambdas without a hook in their code. Calls are charged to the invocation whose handler is running (an
 * AsyncLocalStorage context that `measureInvocation` opens); calls outside one (the bench's own set-up, the gateway's
 * token check) are not counted. Every DynamoDB call is made with ReturnConsumedCapacity TOTAL, so that DynamoDB
 * (Local) reports the read and write units it used. The one SQS call, SendMessage (lambdas/lib/sqs.ts, made with
 * fetch, not an SDK client), is seen by wrapping fetch. The mail sender runs outside the request's invocation (the
 * local queue hands it the message from its own server, as SQS's event source does on AWS), so the mail it sends is
 * not charged to the request that queued it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Figures } from '../budgets';
import { cpuMsSince } from './stats';

export interface AwsCall {
  /** The client's service id: 'DynamoDB', 'Cognito Identity Provider', 'SESv2', ...; 'SQS' for SendMessage. */
  service: string;
  /** The command's name without "Command": GetItem, TransactWriteItems, AdminGetUser, SendEmail, ... */
  command: string;
  start: number;
  end: number;
  readUnits: number;
  writeUnits: number;
  /** TransactItems of a TransactWriteItems / TransactGetItems; 0 for any other call. */
  transactionItems: number;
}

export interface Invocation {
  lambda: string;
  calls: AwsCall[];
  /** User + system CPU of the process while the handler ran, in ms. */
  cpuMs: number;
  /** Set when the handler has answered: later calls (work it set off and did not wait for) are not its. */
  done: boolean;
}

const current = new AsyncLocalStorage<Invocation>();

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
/** The document client's commands by the DynamoDB operation they send. */
const DOCUMENT_COMMANDS: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  Query: 'Query',
  Scan: 'Scan',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems',
  TransactWrite: 'TransactWriteItems',
};

type ConsumedCapacity = { CapacityUnits?: number };

/** Units of a DynamoDB answer: one ConsumedCapacity, or one per table (batch and transaction calls). */
export function unitsOf(output: { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] } | undefined): number {
  const consumed = output?.ConsumedCapacity;
  if (!consumed) return 0;
  return (Array.isArray(consumed) ? consumed : [consumed]).reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
}

/** The DynamoDB operation a command sends, for the low-level client's and the document client's commands alike. */
export function dynamoDbOperationOf(commandName: string): string {
  const name = commandName.replace(/Command$/, '');
  return DOCUMENT_COMMANDS[name] ?? name;
}

/**
 * The longest chain of calls each of which started after the previous one had ended: how many round trips the
 * invocation waited for one after the other (calls sent together with Promise.all count once).
 */
export function sequentialDepth(calls: readonly Pick<AwsCall, 'start' | 'end'>[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depths = sorted.map(() => 1);
  sorted.forEach((call, index) => {
    for (let earlier = 0; earlier < index; earlier += 1) {
      if (sorted[earlier]!.end <= call.start) depths[index] = Math.max(depths[index]!, depths[earlier]! + 1);
    }
  });
  return Math.max(0, ...depths);
}

/**
 * The size DynamoDB bills for a value, in bytes (the rules of "Item sizes and formats" in the DynamoDB developer
 * guide), from the document client's plain values: strings by their UTF-8 length, numbers about one byte per two
 * significant digits plus one, booleans and null one, lists and maps 3 bytes plus their elements plus 1 per element,
 * attribute names by their length.
 */
export function itemSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number' || typeof value === 'bigint')
    return (
      Math.ceil(
        String(value)
          .replace(/[-.]|e.*$/g, '')
          .replace(/^0+/, '').length / 2,
      ) + 1
    );
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, element) => sum + itemSize(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, element) => sum + itemSize(element) + 1, 0);
  return (
    3 +
    Object.entries(value as Record<string, unknown>).reduce(
      (sum, [name, element]) => sum + Buffer.byteLength(name, 'utf8') + itemSize(element) + 1,
      0,
    )
  );
}

/** The size of a top-level item: its attributes without a map's own overhead. */
const topLevelSize = (item: Record<string, unknown>) => itemSize(item) - 3 - Object.keys(item).length;

interface TransactWriteItem {
  Put?: { Item: Record<string, unknown> };
  Update?: { Key: Record<string, unknown>; ExpressionAttributeValues?: Record<string, unknown> };
  Delete?: { Key: Record<string, unknown> };
  ConditionCheck?: { Key: Record<string, unknown> };
}

/**
 * Write units of a TransactWriteItems as DynamoDB bills it: 2 per KB (rounded up) of each item. DynamoDB Local does
 * not report this (it answers 12 for any transaction of 19 to 27 small items), so the bench prices it. A Put's size is
 * its item's; an Update, Delete or ConditionCheck only shows its key (and an Update its new values), so it is priced
 * at that size, at least 1 KB: a lower bound when the stored item is larger.
 */
export function transactionWriteUnits(items: readonly TransactWriteItem[]): number {
  return items.reduce((sum, item) => {
    const size = item.Put
      ? topLevelSize(item.Put.Item)
      : item.Update
        ? topLevelSize(item.Update.Key) + topLevelSize(item.Update.ExpressionAttributeValues ?? {})
        : topLevelSize((item.Delete ?? item.ConditionCheck)!.Key);
    return sum + 2 * Math.max(1, Math.ceil(size / 1024));
  }, 0);
}

let installed = false;

/** Wraps the SDK's `send` once for the whole process. */
export function countAwsCalls(): void {
  if (installed) return;
  installed = true;
  countSqsCalls();
  const clientClass = Object.getPrototypeOf(DynamoDBClient.prototype) as { send: (...args: unknown[]) => Promise<unknown> };
  const send = clientClass.send;
  clientClass.send = async function (this: { config: { serviceId?: string } }, ...args: unknown[]) {
    const invocation = current.getStore();
    if (!invocation || invocation.done) return send.apply(this, args);
    const command = args[0] as { constructor: { name: string }; input: Record<string, unknown> };
    const service = this.config.serviceId ?? 'unknown';
    const isDynamoDb = service === 'DynamoDB';
    const name = isDynamoDb ? dynamoDbOperationOf(command.constructor.name) : command.constructor.name.replace(/Command$/, '');
    if (isDynamoDb) command.input.ReturnConsumedCapacity ??= 'TOTAL';
    const transactItems = command.input.TransactItems;
    const priced = name === 'TransactWriteItems' ? transactionWriteUnits(transactItems as TransactWriteItem[]) : null;
    const call: AwsCall = {
      service,
      command: name,
      start: performance.now(),
      end: Number.NaN,
      readUnits: 0,
      writeUnits: 0,
      transactionItems: Array.isArray(transactItems) ? transactItems.length : 0,
    };
    invocation.calls.push(call);
    try {
      const output = (await send.apply(this, args)) as Parameters<typeof unitsOf>[0];
      if (isDynamoDb) call[WRITES.has(name) ? 'writeUnits' : 'readUnits'] = priced ?? unitsOf(output);
      return output;
    } finally {
      call.end = performance.now();
    }
  };
}

/** Counts each SQS call (a fetch with SQS's `x-amz-target`) made inside an invocation; wraps fetch once for the process. */
function countSqsCalls(): void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const invocation = current.getStore();
    const target = new Headers(init?.headers).get('x-amz-target');
    if (!invocation || invocation.done || !target?.startsWith('AmazonSQS.')) return original(input, init);
    const call: AwsCall = {
      service: 'SQS',
      command: target.slice('AmazonSQS.'.length),
      start: performance.now(),
      end: Number.NaN,
      readUnits: 0,
      writeUnits: 0,
      transactionItems: 0,
    };
    invocation.calls.push(call);
    try {
      return await original(input, init);
    } finally {
      call.end = performance.now();
    }
  };
}

/** Runs one handler call as an invocation of `lambda`: its AWS calls are counted and its process CPU measured. */
export async function measureInvocation<T>(lambda: string, handler: () => Promise<T>, record: (invocation: Invocation) => void): Promise<T> {
  const invocation: Invocation = { lambda, calls: [], cpuMs: 0, done: false };
  const cpu = process.cpuUsage();
  try {
    return await current.run(invocation, handler);
  } finally {
    invocation.cpuMs = cpuMsSince(cpu);
    invocation.done = true;
    record(invocation);
  }
}

/**
 * Locally the mail sender writes mail to an outbox instead of calling SES (lambdas/lib/mail.ts), and logs "[mail] to ..."
 * as it does: `text` (a chunk written to stdout) with that line, inside an invocation, is charged as its SES call. A
 * request's mail is sent by the sender outside the request's invocation, so only an invocation that sends mail itself
 * (none since the mail queue) would be charged.
 */
export function countOutboxMail(text: string): void {
  const invocation = current.getStore();
  if (!invocation || invocation.done || !text.startsWith('[mail] to ')) return;
  const now = performance.now();
  invocation.calls.push({ service: 'SESv2', command: 'SendEmail', start: now, end: now, readUnits: 0, writeUnits: 0, transactionItems: 0 });
}

/** One run's figures from the invocations it caused and the requests it sent. */
export function figuresOf(invocations: readonly Invocation[], appSyncRequests: number): Figures & { cpuMs: number } {
  const calls = invocations.flatMap((invocation) => invocation.calls);
  const dynamoDb = calls.filter((call) => call.service === 'DynamoDB');
  return {
    appSyncRequests,
    lambdaInvocations: invocations.length,
    dynamoDbCalls: dynamoDb.length,
    // The page's requests and a request's fields run side by side on AppSync: the longest chain of one invocation.
    dynamoDbSequential: Math.max(
      0,
      ...invocations.map((invocation) => sequentialDepth(invocation.calls.filter((call) => call.service === 'DynamoDB'))),
    ),
    readUnits: dynamoDb.reduce((sum, call) => sum + call.readUnits, 0),
    writeUnits: dynamoDb.reduce((sum, call) => sum + call.writeUnits, 0),
    transactionItems: Math.max(0, ...dynamoDb.map((call) => call.transactionItems)),
    cognitoCalls: calls.filter((call) => call.service === 'Cognito Identity Provider').length,
    sesCalls: calls.filter((call) => call.service === 'SESv2').length,
    sqsCalls: calls.filter((call) => call.service === 'SQS').length,
    cpuMs: invocations.reduce((sum, invocation) => sum + invocation.cpuMs, 0),
  };
}
