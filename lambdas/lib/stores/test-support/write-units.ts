/**
 * What DynamoDB charges for an item (test-only): its size by DynamoDB's rules (names and values, documented under
 * "Item sizes and formats"), the write units one write of it costs, and its storage. DynamoDB Local reports no
 * realistic consumed capacity for transactions, so the tests count from the items themselves.
 */
type Value = string | number | boolean | null | undefined | Value[] | { [name: string]: Value };

function valueSize(value: Value): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') {
    // One byte per two significant digits, plus one.
    const digits = String(Math.abs(value)).replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;
    return Math.ceil(Math.max(digits, 1) / 2) + 1;
  }
  // Lists and maps: 3 bytes, and 1 byte per element besides the element itself.
  const entries = Array.isArray(value) ? value.map((element): [string, Value] => ['', element]) : Object.entries(value);
  return 3 + entries.reduce((size, [name, element]) => size + Buffer.byteLength(name) + valueSize(element) + 1, 0);
}

/** An item's size in bytes: every attribute's name and value. */
export function itemSize(item: Record<string, unknown>): number {
  return Object.entries(item).reduce((size, [name, value]) => size + Buffer.byteLength(name) + valueSize(value as Value), 0);
}

/** Write units of one write of an item of `size` bytes: one per started KB, twice that inside a transaction. */
export const writeUnits = (size: number, { transactional }: { transactional: boolean }) => Math.ceil(size / 1024) * (transactional ? 2 : 1);

/** Bytes DynamoDB bills as stored for an item: its size and 100 bytes of indexing overhead. */
export const storedBytes = (size: number) => size + 100;
