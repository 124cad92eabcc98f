/**
 * bench/user-search (`npm run bench:user-search`): how many DynamoDB items the admin user search reads as the number
 * of users grows (docs/data-model.md, "User search"; docs/performance.md).
 *
 * Starts the local stack (DynamoDB Local in memory, random ports, no web app, no demo data), then grows the user base
 * in steps (100, 1,000, 10,000, 100,000 by default), each user written as sign-up writes him: his profile and his
 * search words (core/users/search.ts). After each step it runs the searches the admin page runs (a page of 10 and the
 * count) through the store the users Lambda uses, and prints the items DynamoDB read for each (ScannedCount of the
 * index Query plus the profiles fetched). Five "needle" users exist from the first step on, so the needle search has
 * the same answer at every size; "sam" matches a share of all users (a common first name), so its count grows with
 * its matches while its first page does not. Not a test.
 *
 * Options (environment): BENCH_USERS (the largest size, default 100000).
 */
import { cpus, totalmem } from 'node:os';
import { randomUUID } from 'node:crypto';

const LARGEST = Number(process.env.BENCH_USERS ?? 100_000);
const STEPS = [100, 1_000, 10_000, 100_000, 1_000_000].filter((size) => size < LARGEST).concat(LARGEST);
const FIRST_NAMES = [
  'sam',
  'alex',
  'jordan',
  'taylor',
  'morgan',
  'casey',
  'riley',
  'jamie',
  'avery',
  'quinn',
  'rowan',
  'devon',
  'kai',
  'noa',
  'lee',
  'max',
];
const LAST_NAMES = [
  'smith',
  'garcia',
  'chen',
  'kowalski',
  'nakamura',
  'okafor',
  'silva',
  'novak',
  'larsen',
  'dubois',
  'rossi',
  'kim',
  'haddad',
  'murphy',
];
const NEEDLES = 5;

async function main() {
  const { startStack } = await import('../scripts/local/stack');
  const { batchPut } = await import('../lambdas/lib/db/table');
  const { userItem } = await import('../lambdas/lib/stores/user-store');
  const { dynamoUserAdminStore, searchIndexItems } = await import('../lambdas/lib/stores/user-admin-store');
  const { normalizeSearch } = await import('@core/users/search');

  const started = Date.now();
  const stack = await startStack({ port: 0, dataDir: null, web: 'none', seed: false, log: () => undefined });
  try {
    const userNumbered = (index: number, needle = false) => {
      const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
      const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]!;
      const at = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
      return {
        id: randomUUID(),
        email: needle ? `needle.${index}@fitgauge.test` : `${first}.${last}.${index}@example${index % 50}.com`,
        fullName: needle ? `Needle Person${index}` : `${first} ${last}`,
        username: `${first}${index}`,
        avatar: null,
        role: 'GAMER' as const,
        enabled: index % 7 !== 0,
        selectedTeamId: null,
        createdAt: at,
        updatedAt: at,
      };
    };
    const searches = [
      { label: 'needle (5 users match)', search: 'needle' },
      { label: 'sam (1 in 16 users match)', search: 'sam' },
      { label: 'no match', search: 'zzzz' },
    ];
    const rows: {
      users: number;
      search: string;
      'page of 10: items read': number;
      'page ms': string;
      'count: items read': number;
      matches: number | string;
    }[] = [];
    let written = 0;
    for (const size of STEPS) {
      const loadStarted = Date.now();
      const users = Array.from({ length: size - written }, (_, offset) => userNumbered(written + offset, written + offset < NEEDLES));
      for (let from = 0; from < users.length; from += 5_000) {
        const slice = users.slice(from, from + 5_000);
        await batchPut(slice.flatMap((user) => [userItem.encode(user), ...searchIndexItems(user)]));
      }
      written = size;
      const loadSeconds = (Date.now() - loadStarted) / 1000;
      for (const { label, search } of searches) {
        const filter = { search: normalizeSearch(search) };
        const pageStarted = performance.now();
        const page = await dynamoUserAdminStore.list(filter, { skip: 0, take: 10 });
        const pageMs = performance.now() - pageStarted;
        const count = await dynamoUserAdminStore.count(filter);
        rows.push({
          users: size,
          search: label,
          'page of 10: items read': page.itemsRead,
          'page ms': pageMs.toFixed(1),
          'count: items read': count.itemsRead,
          matches: count.value.more ? `more than ${count.value.count}` : count.value.count,
        });
      }
      console.error(`loaded ${size} users (${loadSeconds.toFixed(0)} s for this step)`);
    }
    console.log(`\nbench/user-search: up to ${LARGEST} users; items read = index items of the Query (ScannedCount) + profiles fetched.`);
    console.log(
      `machine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; total ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    console.table(rows);
    // The point of the index: a search's page never costs more with more users (it costs less while fewer than 10 match).
    const grew = searches.some(({ label }) => {
      const reads = rows.filter((row) => row.search === label).map((row) => row['page of 10: items read']);
      return reads.some((read, step) => step > 0 && read > reads[step - 1]!);
    });
    if (grew) {
      console.error('A page of search results read more items with more users.');
      process.exitCode = 1;
    }
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
