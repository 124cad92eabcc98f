import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { ValidationError } from '../errors';
import { db } from './client';
import { type GlobalIndexName, tableDesign } from './table-design';

/**
 * The one place that pages Queries and retries batches against the table; stores encode and decode their items
 * and call these. Keys come from the item kinds' declarations (./item.ts).
 */
export type Item = Record<string, unknown>;
export type Key = { pk: string; sk: string };
type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>;

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type']);

/** The record an item holds: the item without its table and index keys and its kind. */
export function withoutKeys<T>(item: Item): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name))) as T;
}

/** The table itself or one of its global indexes. */
type KeyIndex = 'table' | GlobalIndexName;

function keyNamesOf(index: KeyIndex) {
  if (index === 'table') return { partitionKey: tableDesign.partitionKey, sortKey: tableDesign.sortKey, indexName: {} };
  const global = tableDesign.globalIndexes.find((candidate) => candidate.indexName === index)!;
  return { ...global, indexName: { IndexName: index } };
}

/** The Query of one partition of the table or an index; `sortPrefix` keeps the items whose sort key starts with it. */
export function partitionQuery(index: KeyIndex, partition: string, sortPrefix?: string): QueryInput {
  const { partitionKey, sortKey, indexName } = keyNamesOf(index);
  return {
    ...indexName,
    KeyConditionExpression: sortPrefix === undefined ? `${partitionKey} = :pk` : `${partitionKey} = :pk AND begins_with(${sortKey}, :prefix)`,
    ExpressionAttributeValues: { ':pk': partition, ...(sortPrefix === undefined ? {} : { ':prefix': sortPrefix }) },
  };
}

export const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** One page of a listing, and where the next one starts (null on the last page). */
export interface Page<T> {
  items: T[];
  cursor: string | null;
}
export interface PageRequest {
  limit: number;
  cursor?: string | null;
}

interface QueryResult {
  items: Item[];
  /** Items DynamoDB read to answer (ScannedCount), and the read capacity it charged. */
  itemsRead: number;
  capacityUnits: number;
  /** Opaque position after the last item when `limit` cut the result short; null at the end. */
  cursor: string | null;
}

export const INVALID_CURSOR = 'The paging cursor is not valid. Start again from the first page.';
/** Far above any key this table's cursors hold (a few ids and timestamps). */
const MAX_CURSOR_LENGTH = 2048;
const CURSOR_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']);

/** The start key a cursor of `query` encodes; anything else (a cursor typed, cut or forged) is a ValidationError. */
function decodeCursor(cursor: string): Item {
  let decoded: unknown = null;
  if (cursor.length <= MAX_CURSOR_LENGTH) {
    try {
      decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      // not JSON: refused below
    }
  }
  const entries = decoded !== null && typeof decoded === 'object' && !Array.isArray(decoded) ? Object.entries(decoded) : [];
  const isKey = entries.some(([name]) => name === 'pk') && entries.every(([name, value]) => CURSOR_ATTRIBUTES.has(name) && typeof value === 'string');
  if (!isKey) throw new ValidationError(INVALID_CURSOR);
  return decoded as Item;
}

/** Refuses a cursor `query` did not make, for a listing that may answer without querying (nothing to list). */
export function assertQueryCursor(cursor: string | null | undefined): void {
  if (cursor) decodeCursor(cursor);
}

/**
 * A Query, page after page, until `limit` items or the end. Reads are metered from what DynamoDB reports.
 * `cursor` continues where an earlier call with a limit stopped.
 */
export async function query(input: QueryInput, { limit, cursor }: { limit?: number; cursor?: string | null } = {}): Promise<QueryResult> {
  const result: QueryResult = { items: [], itemsRead: 0, capacityUnits: 0, cursor: null };
  let ExclusiveStartKey = cursor ? decodeCursor(cursor) : undefined;
  do {
    const page = await db()
      .send(
        new QueryCommand({
          TableName: config.tableName,
          ReturnConsumedCapacity: 'TOTAL',
          ...input,
          ExclusiveStartKey,
          ...(limit === undefined ? {} : { Limit: limit - result.items.length }),
        }),
      )
      .catch((error: unknown) => {
        // A well-formed key of another listing (another partition or index) is refused by DynamoDB itself.
        if (cursor && (error as Error).name === 'ValidationException') throw new ValidationError(INVALID_CURSOR);
        throw error;
      });
    result.items.push(...(page.Items ?? []));
    result.itemsRead += page.ScannedCount ?? 0;
    result.capacityUnits += (page.ConsumedCapacity as ConsumedCapacity | undefined)?.CapacityUnits ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && (limit === undefined || result.items.length < limit));
  if (ExclusiveStartKey) result.cursor = Buffer.from(JSON.stringify(ExclusiveStartKey)).toString('base64url');
  return result;
}

/**
 * Sends `requests` and sends again whatever DynamoDB left unprocessed (throttling, 16 MB responses), backing off,
 * until nothing is left.
 */
async function untilProcessed<R>(requests: R[], send: (requests: R[]) => Promise<R[] | undefined>): Promise<void> {
  for (let round = 0; requests.length > 0; round += 1) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 20 * 2 ** round)));
    requests = (await send(requests)) ?? [];
  }
}

/** Runs `work` on slices of `size`, `inFlight` slices side by side. */
async function inSlices<T>(values: T[], size: number, inFlight: number, work: (slice: T[]) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let start = next; start < values.length; start = next) {
      next += size;
      await work(values.slice(start, start + size));
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

/** BatchGetItem takes at most 100 keys, BatchWriteItem at most 25 items per call. */
const GET_BATCH = 100;
const WRITE_BATCH = 25;
const BATCHES_IN_FLIGHT = 4;

/**
 * The items of these keys (BatchGetItem), in no particular order; missing ones are left out. `consistent` reads each
 * as it is after every write acknowledged so far (as a Query with ConsistentRead), at twice the read capacity.
 */
export async function batchGet(keys: Key[], { consistent = false }: { consistent?: boolean } = {}): Promise<Item[]> {
  const found: Item[] = [];
  await inSlices(keys, GET_BATCH, BATCHES_IN_FLIGHT, (slice) =>
    untilProcessed<Item>(slice, async (requested) => {
      const { Responses, UnprocessedKeys } = await db().send(
        new BatchGetCommand({ RequestItems: { [config.tableName]: { Keys: requested, ConsistentRead: consistent } } }),
      );
      found.push(...(Responses?.[config.tableName] ?? []));
      return UnprocessedKeys?.[config.tableName]?.Keys;
    }),
  );
  return found;
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

/** Sends write requests in bulk (BatchWriteItem: not a transaction). */
async function batchWrite(requests: WriteRequest[]): Promise<void> {
  await inSlices(requests, WRITE_BATCH, BATCHES_IN_FLIGHT, (slice) =>
    untilProcessed<WriteRequest>(slice, async (sent) => {
      const { UnprocessedItems } = await db().send(new BatchWriteCommand({ RequestItems: { [config.tableName]: sent } }));
      return UnprocessedItems?.[config.tableName] as WriteRequest[] | undefined;
    }),
  );
}

/** Puts items in bulk (for seeding and backfills). */
export const batchPut = (items: Item[]) => batchWrite(items.map((Item) => ({ PutRequest: { Item } })));

/** Deletes items in bulk (what is left of a team past one transaction's limit). */
export const batchDelete = (keys: Key[]) => batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
