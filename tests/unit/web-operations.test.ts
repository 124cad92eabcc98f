/**
 * Every GraphQL operation the web app sends is valid against schema.graphql (with AppSync's scalars and directives,
 * as the local gateway reads it), so a renamed or removed field fails here rather than in a browser.
 *
 * The web app writes each operation once, with `gqlOperation` at the top level of its api module. The test records
 * what `gqlOperation` is handed, and by which module, while it loads every web module that calls it (in any order:
 * a module may import another that holds operations too), so operations are checked as they are sent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, validate } from 'graphql';
import { buildAppSyncSchema } from '../../lambdas/schema';

const operations: { document: string; module: string }[] = [];
const root = join(__dirname, '../..');

/** The web module whose code called gqlOperation: the first frame of the stack in web/src outside the API client. */
function callingModule(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const file = frames
    .map((frame) => /\(?([^()\s]+\.tsx?):\d+:\d+\)?$/.exec(frame)?.[1])
    .find((path) => path?.includes('/web/src/') && !path.endsWith('api-client.ts'));
  return file ? relative(root, file) : 'unknown';
}

jest.mock('@/lib/api-client', () => ({
  ...jest.requireActual('@/lib/api-client'),
  gqlOperation: (document: string) => {
    operations.push({ document, module: callingModule() });
    return document;
  },
}));

const webSource = join(root, 'web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The web modules that write operations, with how many `gqlOperation` calls each holds. */
const operationModules = sourceFiles(webSource)
  .filter((file) => !file.endsWith(join('lib', 'api-client.ts')))
  .map((file) => ({ file, calls: readFileSync(file, 'utf8').match(/\bgqlOperation\s*[<(]/g)?.length ?? 0 }))
  .filter(({ calls }) => calls > 0);

beforeAll(() => {
  for (const { file } of operationModules) require(file);
});

it('finds the web api modules that send operations', () => {
  expect(operationModules.map(({ file }) => relative(root, file)).sort()).toEqual(
    expect.arrayContaining([
      'web/src/features/auth/api/auth-api.ts',
      'web/src/features/check-in/api/check-in.ts',
      'web/src/features/scores/api/my-scores.ts',
    ]),
  );
});

it('records every operation when its module loads (none is built later, where this test could not see it)', () => {
  const recorded = (module: string) => operations.filter((operation) => operation.module === module).length;
  const modules = operationModules.map(({ file, calls }) => ({ module: relative(root, file), calls }));
  expect(modules.map(({ module }) => ({ module, calls: recorded(module) }))).toEqual(modules);
});

it('validates every operation the web app sends against schema.graphql', () => {
  const schema = buildAppSyncSchema();
  const problems = operations.flatMap(({ document, module }) => validate(schema, parse(document)).map((error) => `${module}: ${error.message}`));
  expect(problems).toEqual([]);
  expect(operations.length).toBeGreaterThanOrEqual(operationModules.length);
});

it('would refuse an operation that reads a field the schema does not have', () => {
  const renamed = operations.find(({ document }) => document.includes('fullName'))!.document.replace('fullName', 'fullname');
  expect(validate(buildAppSyncSchema(), parse(renamed)).map((error) => error.message)).toEqual([
    expect.stringContaining('Cannot query field "fullname"'),
  ]);
});
