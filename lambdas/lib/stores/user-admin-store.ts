import { searchWords, type SearchableUser } from '@core/users/search';
import { MAX_COUNTED_USERS, USER_SUBSCRIPTION_FILTERS, type UsersFilter } from '@core/users/validation';
import { subscriptionOf } from '@core/billing/subscription-reasons';
import { defineItem } from '../db/item';
import { batchGet, batchPut, type Item, partitionQuery, query } from '../db/table';
import { auditTransactItem, type AuditEntry } from './audit-store';
import { transact, type TransactItem } from './transactions';
import { userItem, type UserRecord } from './user-store';

/**
 * The admin side of profiles (docs/data-model.md, "User search" and "Admin user list"): the search index kept with
 * the profile, the filtered list and count, and profile changes written with their audit entry in one transaction.
 */

/** The profile fields an edit may change. */
export type ProfileChanges = Partial<
  Pick<UserRecord, 'fullName' | 'username' | 'role' | 'enabled' | 'timeZone' | 'timeZoneFrom' | 'previousTimeZone' | 'preferMetricUnits'>
>;

/**
 * One word a user is found by in the admin search (core/users/search.ts), under the word's first character: a search
 * is one Query on `USER_SEARCH#<its first character>` with the sort key beginning with the search. Holds only the user id.
 */
const userSearchItem = defineItem<{ word: string; userId: string }>()({
  type: 'UserSearch',
  key: ({ word, userId }: { word: string; userId: string }) => ({ pk: `USER_SEARCH#${word.charAt(0)}`, sk: `${word}#${userId}` }),
  encode: ({ userId }) => ({ userId }),
});

/** The index items of a user: one per word. */
export const searchIndexItems = (user: SearchableUser & { id: string }): Item[] =>
  searchWords(user).map((word) => userSearchItem.encode({ word, userId: user.id }));

/** What turns the index of `before` into that of `after`: words gained are put, words lost deleted, the rest untouched. */
function searchIndexChanges(before: SearchableUser & { id: string }, after: SearchableUser & { id: string }): TransactItem[] {
  const kept = new Set(searchWords(before));
  const next = new Set(searchWords(after));
  return [
    ...[...next].filter((word) => !kept.has(word)).map((word) => userSearchItem.put({ word, userId: after.id })),
    ...[...kept].filter((word) => !next.has(word)).map((word) => userSearchItem.delete({ word, userId: before.id })),
  ];
}

/** Reads metered by the list, the count and the bench: items DynamoDB read for the answer. */
export interface Metered<T> {
  value: T;
  itemsRead: number;
}

/** Profiles (with a listing or index item each) are read in batches that start at what a page needs and double up to this. */
const MAX_READ_BATCH = 100;

function matches(user: UserRecord, filter: UsersFilter): boolean {
  if (filter.roles?.length && !(user.role && (filter.roles as readonly string[]).includes(user.role))) return false;
  if (typeof filter.enabled === 'boolean' && user.enabled !== filter.enabled) return false;
  if (filter.subscriptions?.length) {
    const reason = subscriptionOf(user.appSubscriptionReason).appSubscriptionReason;
    if (!filter.subscriptions.some((choice) => (USER_SUBSCRIPTION_FILTERS[choice] as readonly string[]).includes(reason))) return false;
  }
  return true;
}

/** Whether the filter needs the profiles (roles, status, subscription); a bare search is answered by the index alone. */
const filtersProfiles = (filter: UsersFilter) => Boolean(filter.roles?.length || filter.subscriptions?.length || typeof filter.enabled === 'boolean');

/** Every user, newest first (gsi2). */
const newestUsers = () => ({ ...partitionQuery('gsi2', userItem.indexes.gsi2({ createdAt: '', id: '' }).gsi2pk), ScanIndexForward: false });

/**
 * The users a filter starts from, in list order, read a batch at a time: with a search, the users whose words begin
 * with it (one Query on the index partition, then, when `profiles`, their profiles by BatchGetItem; a word whose
 * profile is gone is skipped), otherwise every user newest first (gsi2, profiles included). `visit` gets each user once
 * (his profile, or null when not asked for) and answers false to stop the reading once it has enough.
 */
async function eachCandidate(
  search: string,
  { profiles, firstBatch }: { profiles: boolean; firstBatch: number },
  meter: { itemsRead: number },
  visit: (userId: string, user: UserRecord | null) => boolean,
): Promise<void> {
  const seen = new Set<string>();
  let cursor: string | null = null;
  // Profiles are read a bounded batch at a time; ids alone are small, read as many as asked (DynamoDB pages by 1 MB).
  let batch = profiles ? Math.min(firstBatch, MAX_READ_BATCH) : firstBatch;
  do {
    const input = search
      ? { ...partitionQuery('table', userSearchItem.key({ word: search, userId: '' }).pk, search) }
      : { ...newestUsers(), ...(profiles ? {} : { ProjectionExpression: 'id' }) };
    const page = await query(input, { limit: batch, cursor });
    meter.itemsRead += page.itemsRead;
    cursor = page.cursor;
    batch = profiles ? Math.min(batch * 2, MAX_READ_BATCH) : batch;
    let found: [string, UserRecord | null][];
    if (!search) {
      found = profiles ? page.items.map(userItem.decode).map((user) => [user.id, user]) : page.items.map((item) => [String(item.id), null]);
    } else {
      const ids = [...new Set(page.items.map((item) => String(item.userId)))].filter((id) => !seen.has(id));
      if (profiles) {
        const read = new Map((await batchGet(ids.map((id) => userItem.key({ id })))).map(userItem.decode).map((user) => [user.id, user]));
        meter.itemsRead += read.size;
        found = ids.flatMap((id): [string, UserRecord][] => (read.has(id) ? [[id, read.get(id)!]] : []));
      } else {
        found = ids.map((id) => [id, null]);
      }
    }
    for (const [id, user] of found) {
      seen.add(id);
      if (!visit(id, user)) return;
    }
  } while (cursor);
}

/**
 * Writes the search words of every user (users written before the index existed), a page of users at a time from the
 * listing (gsi2, a Query, not a Scan); the puts are idempotent, so it can run again. Returns how many users it indexed.
 */
export async function backfillSearchWords(): Promise<number> {
  let indexed = 0;
  let cursor: string | null = null;
  do {
    const page = await query(partitionQuery('gsi2', userItem.indexes.gsi2({ createdAt: '', id: '' }).gsi2pk), { limit: MAX_READ_BATCH, cursor });
    await batchPut(page.items.map(userItem.decode).flatMap(searchIndexItems));
    indexed += page.items.length;
    cursor = page.cursor;
  } while (cursor);
  return indexed;
}

export interface UserAdminStore {
  /** A page of the users the filter keeps (`skip` of them passed over), newest first, or in word order with a search. */
  list(filter: UsersFilter & { search: string }, page: { skip: number; take: number }): Promise<Metered<UserRecord[]>>;
  /** How many users the filter keeps, counted up to MAX_COUNTED_USERS (`more`: there are more than that). */
  count(filter: UsersFilter & { search: string }): Promise<Metered<{ count: number; more: boolean }>>;
  /**
   * Applies `changes` to the profile as read (`before`; refused with TransactionRefused('profile') when it changed
   * meanwhile), its search words, and `audit`'s entry when given, in one transaction. Returns the profile after.
   */
  update(before: UserRecord, changes: ProfileChanges, audit: AuditEntry | null, at: string): Promise<UserRecord>;
  /**
   * Once a user's data is deleted (lambdas/lib/account-deletion.ts): his search words go and `audit`'s entry is
   * written, in one transaction that holds only while his profile is gone (TransactionRefused('profile') otherwise).
   * Until then a search skips his words, whose profile is missing.
   */
  recordDeletion(user: UserRecord, audit: AuditEntry, at: string): Promise<void>;
}

export const dynamoUserAdminStore: UserAdminStore = {
  async list(filter, { skip, take }) {
    // Unfiltered, the users passed over need no profile: their keys find where the page starts.
    if (!filter.search && !filtersProfiles(filter)) {
      const passed = skip === 0 ? null : await query({ ...newestUsers(), ProjectionExpression: 'pk' }, { limit: skip });
      if (passed && !passed.cursor) return { value: [], itemsRead: passed.itemsRead };
      const page = await query(newestUsers(), { limit: take, cursor: passed?.cursor });
      return { value: page.items.map(userItem.decode), itemsRead: (passed?.itemsRead ?? 0) + page.itemsRead };
    }
    const meter = { itemsRead: 0 };
    const page: UserRecord[] = [];
    let passed = 0;
    await eachCandidate(filter.search, { profiles: true, firstBatch: skip + take }, meter, (_, user) => {
      if (!user || !matches(user, filter)) return true;
      if (passed < skip) passed += 1;
      else page.push(user);
      return page.length < take;
    });
    return { value: page, itemsRead: meter.itemsRead };
  },
  async count(filter) {
    const meter = { itemsRead: 0 };
    const profiles = filtersProfiles(filter);
    let count = 0;
    let more = false;
    // One more than it counts: reading it tells that there are more.
    await eachCandidate(filter.search, { profiles, firstBatch: profiles ? MAX_READ_BATCH : MAX_COUNTED_USERS + 1 }, meter, (_, user) => {
      if (profiles && !(user && matches(user, filter))) return true;
      more = count === MAX_COUNTED_USERS;
      if (!more) count += 1;
      return !more;
    });
    return { value: { count, more }, itemsRead: meter.itemsRead };
  },
  async update(before, changes, audit, at) {
    const after: UserRecord = { ...before, ...changes, updatedAt: at };
    const fields = Object.entries(changes);
    await transact([
      {
        label: 'profile',
        item: userItem.update(before, {
          UpdateExpression: `SET ${fields.map((_, index) => `#f${index} = :v${index}`).join(', ')}${fields.length ? ', ' : ''}updatedAt = :at`,
          // Written only over the profile as it was read: a concurrent change is never overwritten unseen.
          ConditionExpression: 'updatedAt = :read',
          ExpressionAttributeNames: Object.fromEntries(fields.map(([name], index) => [`#f${index}`, name])),
          ExpressionAttributeValues: {
            ...Object.fromEntries(fields.map(([, value], index) => [`:v${index}`, value ?? null])),
            ':at': at,
            ':read': before.updatedAt,
          },
        }),
      },
      ...searchIndexChanges(before, after).map((item) => ({ label: 'search' as const, item })),
      ...(audit ? [auditTransactItem(audit, at)] : []),
    ]);
    return after;
  },
  async recordDeletion(user, audit, at) {
    await transact([
      {
        label: 'profile',
        item: userItem.check(user, { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
      ...searchWords(user).map((word) => ({ label: 'search', item: userSearchItem.delete({ word, userId: user.id }) })),
      auditTransactItem(audit, at),
    ]);
  },
};
