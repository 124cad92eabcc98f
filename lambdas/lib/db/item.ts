import { config } from '../config';
import { type Item, type Key, withoutKeys } from './table';

/**
 * Each item kind of the table is declared once, in the store that owns it (docs/data-model.md, "Declaring item kinds"):
 * its `type`, its table key and every index key it is listed with, all built from the record, and how the record is
 * stored and read back. The stores build their keys, items and transaction items from the declaration only, so a key
 * string is written in one place.
 */
interface IndexKeys {
  gsi1: { gsi1pk: string; gsi1sk: string };
  gsi2: { gsi2pk: string; gsi2sk: string };
}

interface ItemDefinition<R> {
  /** The item's `type` attribute: its kind, for reading exports and streams. */
  type: string;
  /**
   * The table key from the record's key fields. Declared on just those fields, it also gives the key of a Get, and,
   * called with an empty last part, the prefix a Query starts with (`membershipItem.key({ teamId, userId: '' })`).
   */
  key: (record: R) => Key;
  /**
   * The keys of each global index the kind is listed in; undefined leaves the item out of that index (a sparse index).
   * Like the key, one declared on the fields it reads also gives the keys of a lookup or a Query on the index.
   */
  indexes?: { [I in keyof IndexKeys]?: (record: R) => IndexKeys[I] | undefined };
  /** The attributes stored beside the keys and `type`: the record itself unless given. */
  encode?: (record: R) => Item;
  /** The record an item holds: the item without its keys and `type` unless given. */
  decode?: (item: Item) => R;
}

/** The prefix a Query starts with, from a sort key built with empty last parts (`CODE##` gives `CODE#`). */
export const sortKeyPrefix = (sortKey: string) => sortKey.replace(/#+$/, '#');

/** What an item write may add to its key or item: a condition, an update, and the names and values they use. */
export interface Expression {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}
interface Condition extends Expression {
  ConditionExpression: string;
}
interface UpdateExpression extends Expression {
  UpdateExpression: string;
}

/** The key fields a kind's key is built from. */
type KeyFields<D> = D extends { key: (fields: infer F) => Key } ? F : never;

interface ItemKind<R, D extends ItemDefinition<R>> {
  type: string;
  key: D['key'];
  indexes: NonNullable<D['indexes']>;
  /** The whole item: table key, index keys, `type` and the stored attributes. */
  encode(record: R): Item;
  decode(item: Item): R;
  put(record: R, expression?: Expression): { Put: { TableName: string; Item: Item } & Expression };
  delete(fields: KeyFields<D>, expression?: Expression): { Delete: { TableName: string; Key: Key } & Expression };
  check(fields: KeyFields<D>, expression: Condition): { ConditionCheck: { TableName: string; Key: Key } & Condition };
  update(fields: KeyFields<D>, expression: UpdateExpression): { Update: { TableName: string; Key: Key } & UpdateExpression };
}

/**
 * Declares an item kind of record type `R`: `defineItem<TeamRecord>()({ type: 'Team', key: ({ id }: { id: string }) => ... })`.
 * (Two calls so that `R` is named and the key's fields are inferred.)
 */
export function defineItem<R>() {
  return <D extends ItemDefinition<R>>(definition: D): ItemKind<R, D> => {
    const key = definition.key as (fields: unknown) => Key;
    const indexes = (definition.indexes ?? {}) as NonNullable<D['indexes']>;
    const encode = (record: R): Item => ({
      ...key(record),
      ...Object.values(indexes).reduce<Item>((keys, indexKeys) => ({ ...keys, ...indexKeys?.(record) }), {}),
      type: definition.type,
      ...(definition.encode ? definition.encode(record) : (record as Item)),
    });
    return {
      type: definition.type,
      key: definition.key,
      indexes,
      encode,
      decode: definition.decode ?? ((item) => withoutKeys<R>(item)),
      put: (record, expression) => ({ Put: { TableName: config.tableName, Item: encode(record), ...expression } }),
      delete: (fields, expression) => ({ Delete: { TableName: config.tableName, Key: key(fields), ...expression } }),
      check: (fields, expression) => ({ ConditionCheck: { TableName: config.tableName, Key: key(fields), ...expression } }),
      update: (fields, expression) => ({ Update: { TableName: config.tableName, Key: key(fields), ...expression } }),
    };
  };
}
