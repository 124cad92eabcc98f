/**
 * The hook every function bundle carries (infra/runtime/lazy-source-maps.ts): stack traces name the TypeScript source,
 * and the map is read at the first stack trace, not when the bundle loads. A small source is bundled the way the
 * functions are (minified, map beside the code without the sources' text, the hook injected) and run in a fresh Node
 * process without --enable-source-maps, as the Lambda runtime runs the functions.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { ESBUILD_TARGET, LAZY_SOURCE_MAPS } from '../../infra/lib/functions';

let dir: string;
let bundle: string;
let source: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fitgauge-lazy-maps-'));
  source = join(dir, 'handler.ts');
  writeFileSync(
    source,
    [
      'export function refuseOrder(reason: string): never {',
      '  throw new Error(`order refused: ${reason}`);',
      '}',
      'export async function handler(event: { reason: string }) {',
      '  await Promise.resolve();',
      '  return refuseOrder(event.reason);',
      '}',
      '',
    ].join('\n'),
  );
  bundle = join(dir, 'out', 'index.js');
  buildSync({
    entryPoints: [source],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: ESBUILD_TARGET,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    inject: [LAZY_SOURCE_MAPS],
    logLevel: 'silent',
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `script` in a fresh Node process (no NODE_OPTIONS) and returns what it printed. */
function run(script: string): string {
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

const failingCall = (bundlePath: string) =>
  `require(${JSON.stringify(bundlePath)}).handler({ reason: 'sold out' }).catch((error) => console.log(error.stack))`;

it('names the TypeScript source, line, column and function of each frame in the bundle', () => {
  const stack = run(failingCall(bundle)).split('\n');
  expect(stack[0]).toBe('Error: order refused: sold out');
  expect(stack[1]).toBe(`    at refuseOrder (${source}:2:9)`);
  expect(stack[2]).toMatch(new RegExp(`^    at .+ \\(${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:6:10\\)$`));
  expect(stack.join('\n')).not.toContain(bundle);
});

it('reads the map at the first stack trace, not when the bundle loads', () => {
  const away = `${bundle}.map.away`;
  renameSync(`${bundle}.map`, away);
  try {
    // The bundle loads while its map is absent; the map is back before the first stack trace, which uses it.
    const stack = run(
      `const { handler } = require(${JSON.stringify(bundle)});
       require('node:fs').renameSync(${JSON.stringify(away)}, ${JSON.stringify(`${bundle}.map`)});
       handler({ reason: 'late map' }).catch((error) => console.log(error.stack));`,
    );
    expect(stack).toContain(`at refuseOrder (${source}:2:9)`);
  } finally {
    rmSync(away, { force: true });
  }
});

it('leaves the bundle locations as they are when there is no map, and still gives the whole trace', () => {
  const away = `${bundle}.map.away`;
  renameSync(`${bundle}.map`, away);
  try {
    const stack = run(failingCall(bundle));
    expect(stack).toMatch(/^Error: order refused: sold out\n {4}at \S+ \(.+index\.js:\d+:\d+\)\n/);
    expect(stack).not.toContain(source);
  } finally {
    renameSync(away, `${bundle}.map`);
  }
});

it('keeps a stack trace formatter set before the bundle loaded, rewriting only its locations', () => {
  const stack = run(
    `Error.prepareStackTrace = (error, frames) => 'CUSTOM ' + error.message + '\\n' + frames.map((frame) => '    at ' + frame).join('\\n');
     ${failingCall(bundle)}`,
  );
  expect(stack.split('\n')[0]).toBe('CUSTOM order refused: sold out');
  expect(stack).toContain(`at refuseOrder (${source}:2:9)`);
});
