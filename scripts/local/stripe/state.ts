/**
 * The stand-in's data: every Stripe object by id, a clock that can run ahead of real time, and the JSON file
 * that keeps it all across restarts of `npm start` (no file: in memory, for tests).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { invalidRequest } from './errors';

/** A stored Stripe object. Keys starting with `_` are the stand-in's own bookkeeping and never leave it. */
export type StripeObject = { id: string; object: string; created: number; _seq: number; [key: string]: any };

interface Persisted {
  version: 1;
  /** Seconds the stand-in's clock runs ahead of real time (advanceClock). */
  clockOffset: number;
  sequence: number;
  objects: Record<string, StripeObject>;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  return [...randomBytes(length)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

export class StandInState {
  private data: Persisted;

  constructor(private readonly file: string | null) {
    this.data =
      file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Persisted) : { version: 1, clockOffset: 0, sequence: 0, objects: {} };
  }

  get isEmpty(): boolean {
    return this.data.sequence === 0;
  }

  /** The stand-in's time in Unix seconds. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.data.clockOffset;
  }

  /** Moves the clock to `time` (never backwards). */
  setNow(time: number) {
    this.data.clockOffset = Math.max(this.data.clockOffset, time - Math.floor(Date.now() / 1000));
  }

  /** Stores a new object with a fresh id (`cus_…`) unless it brings its own (seeded catalogue, coupon codes). */
  create<T extends Record<string, any>>(prefix: string, object: string, fields: T & { id?: string }): StripeObject & T {
    const id = fields.id ?? `${prefix}_${randomToken(24)}`;
    if (this.data.objects[id]) throw invalidRequest(`${object} already exists with id ${id}.`, 'id', 'resource_already_exists');
    const stored = { created: this.now(), livemode: false, metadata: {}, ...fields, id, object, _seq: ++this.data.sequence };
    this.data.objects[id] = stored as StripeObject & T;
    return stored as StripeObject & T;
  }

  get(id: string): StripeObject | undefined {
    return Object.hasOwn(this.data.objects, id) ? this.data.objects[id] : undefined;
  }

  remove(id: string) {
    delete this.data.objects[id];
  }

  /** Objects of one kind, newest first (Stripe's list order). */
  all(object: string, filter: (item: StripeObject) => boolean = () => true): StripeObject[] {
    return Object.values(this.data.objects)
      .filter((item) => item.object === object && filter(item))
      .sort((a, b) => b._seq - a._seq);
  }

  save() {
    if (this.file) replaceFile(this.file, JSON.stringify(this.data));
  }
}

/** Replaces a stand-in file as a whole (temp file + rename), so a process killed mid-write keeps the previous one. */
export function replaceFile(file: string, text: string): void {
  const temp = `${file}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}
