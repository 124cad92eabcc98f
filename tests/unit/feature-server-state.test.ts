/**
 * Server state lives beside its feature (docs/architecture.md, "Server state"): a feature's `api/` holds its documents,
 * its query-key factory and its hooks; page components call those hooks and never build a query key, call TanStack
 * Query's hooks themselves or reach the API client.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const featuresDir = join(root, 'web/src/features');

const componentFiles = readdirSync(featuresDir).flatMap((feature) => {
  const dir = join(featuresDir, feature, 'components');
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(dir)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => ({ path: `web/src/features/${feature}/components/${name}`, text: readFileSync(join(dir, name), 'utf8') }));
});

const QUERY_HOOKS = /import\s*\{([^}]*)\}\s*from\s*'@tanstack\/react-query'/g;
const SERVER_HOOK = /\b(useQuery|useMutation|useInfiniteQuery|useSuspenseQuery|useQueries|useQueryClient)\b/;
const API_CLIENT = /import\s*\{([^}]*)\}\s*from\s*'@\/lib\/api-client'/g;
const FEATURE_API = /import\s*(type\s*)?\{([^}]*)\}\s*from\s*'\.\.\/api\/[^']+'/g;

/** What a component does that belongs in its feature's api/ hooks. */
function problemsOf(text: string): string[] {
  const problems: string[] = [];
  if (/\bqueryKey\b/.test(text)) problems.push('builds a query key');
  for (const [, names] of text.matchAll(QUERY_HOOKS)) if (SERVER_HOOK.test(names!)) problems.push(`calls ${names!.trim()} itself`);
  for (const [, names] of text.matchAll(API_CLIENT))
    if (/\b(callApi|subscribeApi|gqlOperation)\b/.test(names!)) problems.push('calls the API client');
  for (const [, typeOnly, names] of text.matchAll(FEATURE_API)) {
    if (typeOnly) continue;
    const values = names!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ') && !/^use[A-Z]/.test(name));
    if (values.length > 0) problems.push(`calls its api/ directly (${values.join(', ')})`);
  }
  return problems;
}

describe('server state beside its feature', () => {
  it('finds the page components', () => {
    expect(componentFiles.length).toBeGreaterThan(40);
  });

  it('recognises what it forbids', () => {
    expect(problemsOf("import { useQuery } from '@tanstack/react-query';\nuseQuery({ queryKey: ['x'] });")).toEqual([
      'builds a query key',
      'calls useQuery itself',
    ]);
    expect(problemsOf("import { saveTeam, useTeam, type Team } from '../api/teams';")).toEqual(['calls its api/ directly (saveTeam)']);
    expect(problemsOf("import { useTeam, type Team } from '../api/teams';\nimport { ApiError } from '@/lib/api-client';")).toEqual([]);
  });

  it('leaves queries, mutations and the API client to the api/ hooks in every page component', () => {
    const found = componentFiles.flatMap(({ path, text }) => problemsOf(text).map((problem) => `${path}: ${problem}`));
    expect(found).toEqual([]);
  });
});
