import { inFlight } from './in-flight';

/** One page of a due index's shard, and where the next one starts (null after the last). */
interface DuePage<T> {
  items: T[];
  cursor: string | null;
}

/**
 * The Query of one due shard's items that are due at `now` or earlier: a due index's sort key starts with the due time
 * (`<dueAt>#<id>`), so `<now>#~` sorts after every item due by then.
 */
export const dueBy = (gsi2pk: string, now: string) => ({
  IndexName: 'gsi2',
  KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :until',
  ExpressionAttributeValues: { ':pk': gsi2pk, ':until': `${now}#~` },
});

/**
 * How the scheduled jobs work through a sharded due index (docs/recap.md, docs/reminders.md): shard after shard, page
 * after page with Query (never Scan), `limit` items at a time. No page is started after `stopAfter` (epoch ms, the
 * Lambda's time budget); what is left stays due for the next run. Resolves false when it stopped there.
 */
export async function workThroughDueShards<T>(
  shards: readonly number[],
  duePage: (shard: number, cursor: string | null) => Promise<DuePage<T>>,
  work: (item: T) => Promise<void>,
  { limit, stopAfter }: { limit: number; stopAfter?: number },
): Promise<boolean> {
  for (const shard of shards) {
    let cursor: string | null = null;
    do {
      if (stopAfter !== undefined && Date.now() > stopAfter) return false;
      const page: DuePage<T> = await duePage(shard, cursor);
      await inFlight(page.items, limit, work);
      cursor = page.cursor;
    } while (cursor);
  }
  return true;
}
