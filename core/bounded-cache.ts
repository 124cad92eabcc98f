/** An entry and its neighbours in the order of use. */
interface Entry<K, V> {
  readonly key: K;
  value: V;
  older: Entry<K, V> | null;
  newer: Entry<K, V> | null;
}

/**
 * A map that keeps at most `maxEntries`, dropping the least recently used first: caches that stay bounded. The order of
 * use is a linked list beside the Map rather than the Map's insertion order: V8 keeps a deleted key in its hash bucket
 * until the table is rebuilt, so renewing a hit by deleting and re-adding its key made each hit walk every earlier copy
 * of that key (about 5 µs a hit at 4,096 entries, more than the formatter call the zone offsets cache saves).
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, Entry<K, V>>();
  private oldest: Entry<K, V> | null = null;
  private newest: Entry<K, V> | null = null;

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.renew(entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    const known = this.entries.get(key);
    if (known) {
      known.value = value;
      this.renew(known);
      return;
    }
    const entry: Entry<K, V> = { key, value, older: this.newest, newer: null };
    this.entries.set(key, entry);
    this.link(entry);
    if (this.entries.size > this.maxEntries && this.oldest) this.delete(this.oldest.key);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.unlink(entry);
  }

  clear(): void {
    this.entries.clear();
    this.oldest = null;
    this.newest = null;
  }

  /** Makes the entry the most recently used. */
  private renew(entry: Entry<K, V>): void {
    if (entry === this.newest) return;
    this.unlink(entry);
    entry.older = this.newest;
    this.link(entry);
  }

  /** Puts the entry (its `older` already the newest) at the newest end. */
  private link(entry: Entry<K, V>): void {
    if (this.newest) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
  }

  private unlink(entry: Entry<K, V>): void {
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
    entry.older = null;
    entry.newer = null;
  }
}
