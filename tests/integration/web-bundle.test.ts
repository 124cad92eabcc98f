import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// What the first pages load before they draw, read from the production build (web/dist: `npm test` builds it, the e2e
// setup too when it is missing): the chunk a route starts with and every chunk it imports statically. Amplify UI, the
// API client, zod's full build and a chart library stay out of sign-in, the simulator, the signed-in frame and My
// scores (docs/performance.md); the page-weight bench measures what they weigh.
const assets = join(__dirname, '..', '..', 'web', 'dist', 'assets');
const files = readdirSync(assets);

/** The one script whose name the build gave from `name` (a route's chunk or a codeSplitting group). */
function chunk(name: string): string {
  const found = files.filter((file) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file));
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The chunk and all it imports statically, transitively (dynamic imports load later, on demand). */
function staticClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([\w~.-]+\.js)"/g)) visit(imported!);
  };
  visit(start);
  return seen;
}

/** The source modules of those chunks, from their source maps (rolldown's tiny runtime chunk has none). */
function modulesOf(chunks: Iterable<string>): string[] {
  return [...chunks]
    .map((file) => join(assets, `${file}.map`))
    .filter((map) => existsSync(map))
    .flatMap((map) => (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources);
}

const FORBIDDEN = /node_modules[\\/](@aws-amplify[\\/]ui-react|aws-amplify|@aws-amplify[\\/](api|core|auth)|zod[\\/]v4[\\/]classic|recharts)[\\/]/;
const forbiddenIn = (modules: string[]) => [
  ...new Set(
    modules
      .filter((module) => FORBIDDEN.test(module))
      .map((module) =>
        module
          .replace(/^.*node_modules[\\/]/, '')
          .split(/[\\/]/)
          .slice(0, 3)
          .join('/'),
      ),
  ),
];

describe('the production build of the first pages', () => {
  const entry = chunk('index');

  it('keeps Amplify UI, the API client and zod’s full build out of the sign-in page', () => {
    expect(forbiddenIn(modulesOf(staticClosure(entry)))).toEqual([]);
  });

  // The bench (docs/performance.md, "Page weight") measures the page as a browser loads it; this catches a change that
  // pushes the sign-in scripts past the budget at build time, gzipped at level 9 as the static server does.
  it('keeps the sign-in page within its 150 KB of gzipped JavaScript', () => {
    const gzipped = [...staticClosure(entry)].reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length, 0);
    expect(gzipped).toBeLessThanOrEqual(150 * 1024);
  });

  it('keeps them out of the signed-in frame and My scores, which draw before the API client loads', () => {
    const loaded = new Set([...staticClosure(entry), ...staticClosure(chunk('home-frame')), ...staticClosure(chunk('my-scores'))]);
    expect(forbiddenIn(modulesOf(loaded))).toEqual([]);
    expect(modulesOf(loaded).filter((module) => /components[\\/]charts[\\/]score-chart\.tsx$/.test(module))).toHaveLength(1);
  });

  // Each file is one more request a phone waits for before the page draws (docs/performance.md, "Fewer files for Today and Analytics").
  it('draws Today and Analytics from ten files each, and keeps the validation library out of Analytics', () => {
    const today = staticClosure(chunk('today'));
    const analytics = staticClosure(chunk('team-analytics'));
    expect(today.size).toBeLessThanOrEqual(10);
    expect(analytics.size).toBeLessThanOrEqual(10);
    expect(forbiddenIn(modulesOf(analytics))).toEqual([]);
  });

  it('gives the public simulator none of the signed-in chunks and no Amplify code', () => {
    const loaded = staticClosure(chunk('simulator'));
    expect([...loaded].filter((file) => /^(home-frame|my-scores|page-shared|today|team-analytics)-/.test(file))).toEqual([]);
    expect(forbiddenIn(modulesOf(loaded)).filter((module) => module.includes('amplify'))).toEqual([]);
  });
});
