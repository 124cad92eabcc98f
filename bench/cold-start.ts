/**
 * `npm run bench:cold-start`: each Lambda function's module initialisation, as the production bundles are built.
 * Synthesizes the CDK app (esbuild bundles, a stand-in web build), then loads every function's index.js in a fresh
 * Node process (`require` of the bundle, timed inside the process: what Lambda reports as most of "Init Duration"),
 * five times per variant, and prints the median of each:
 *   --enable-source-maps — how the functions ran before: Node reads and parses index.js.map while loading the bundle
 *   shipped              — how they run now (infra/lib/functions.ts): no flag; the injected hook
 *                          (infra/runtime/lazy-source-maps.ts) reads the map at the first stack trace instead
 *   first stack trace    — that one-off cost, paid on the error path only: reading and parsing index.js.map
 * Each figure is CPU time (user + system) of the load: on a machine shared with other runs, wall time mostly measures
 * the others; the shipped variant's wall time is printed too. The limit applies to the shipped CPU time.
 * The figures and the decision are in docs/performance.md. Not a test: figures depend on the machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { synthesizeWithStandInSite } from '../scripts/synth-stand-in';

const RUNS = 5;
const LIMIT_MS = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Sample {
  cpu: number;
  wall: number;
  mapCpu: number;
}

/** CPU and wall milliseconds of `require(bundle)` in a fresh process, then the CPU time of parsing its map once. */
function load(bundle: string, flags: string[], env: NodeJS.ProcessEnv): Sample {
  const probe = `
    const { performance } = require('node:perf_hooks');
    const cpuMs = (usage) => (usage.user + usage.system) / 1000;
    const c0 = process.cpuUsage(); const t0 = performance.now();
    require(${JSON.stringify(bundle)});
    const wall = performance.now() - t0; const cpu = cpuMs(process.cpuUsage(c0));
    const c1 = process.cpuUsage();
    new (require('node:module').SourceMap)(JSON.parse(require('node:fs').readFileSync(${JSON.stringify(`${bundle}.map`)}, 'utf8')));
    process.stdout.write(JSON.stringify({ cpu, wall, mapCpu: cpuMs(process.cpuUsage(c1)) }));`;
  const result = spawnSync(process.execPath, [...flags, '-e', probe], { encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`Loading ${bundle} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Sample;
}

function main(): void {
  const work = mkdtempSync(join(tmpdir(), 'fitgauge-cold-start-'));
  try {
    console.log('Synthesizing (esbuild bundles)…');
    const synth = synthesizeWithStandInSite(work, ['ignore', 'ignore', 'pipe']);
    if (synth.status !== 0) throw new Error(`cdk synth failed:\n${synth.stderr}`);
    const { out } = synth;

    const template = JSON.parse(readFileSync(join(out, 'FitGauge.template.json'), 'utf8')) as {
      Resources: Record<string, { Type: string; Properties: any; Metadata?: Record<string, string> }>;
    };
    const functions = Object.values(template.Resources)
      .filter((resource) => resource.Type === 'AWS::Lambda::Function' && /\/Functions\//.test(resource.Metadata?.['aws:cdk:path'] ?? ''))
      .map((resource) => ({
        name: /\/Functions\/(\w+)Function\//.exec(resource.Metadata!['aws:cdk:path'])![1],
        dir: join(out, `asset.${String(resource.Properties.Code.S3Key).replace(/\.zip$/, '')}`),
        flags: String(resource.Properties.Environment?.Variables?.NODE_OPTIONS ?? '')
          .split(/\s+/)
          .filter(Boolean),
      }));

    // The bundles read their configuration only when a request arrives; the region is all the SDK clients need at load.
    const env = { ...process.env, AWS_REGION: 'us-east-1', NODE_OPTIONS: '' };
    const rows: string[] = [];
    let worst = 0;
    console.log(`\n${functions.length} functions, median of ${RUNS} fresh processes each, Node ${process.version}, CPU ms unless said\n`);
    const header = '| Function | Bundle | Map | With --enable-source-maps | Shipped | Shipped, wall | First stack trace |';
    rows.push(header, '|---|---:|---:|---:|---:|---:|---:|');
    for (const fn of functions.sort((a, b) => a.name.localeCompare(b.name))) {
      const bundle = join(fn.dir, 'index.js');
      const eager: Sample[] = [];
      const shipped: Sample[] = [];
      // Alternated, so a burst of load on the machine weighs on both variants alike.
      for (let run = 0; run < RUNS; run++) {
        eager.push(load(bundle, ['--enable-source-maps'], env));
        shipped.push(load(bundle, fn.flags, env));
      }
      const shippedCpu = median(shipped.map((sample) => sample.cpu));
      worst = Math.max(worst, shippedCpu);
      const ms = (value: number) => `${value.toFixed(0)} ms`;
      rows.push(
        `| ${fn.name} | ${mb(statSync(bundle).size)} | ${mb(statSync(`${bundle}.map`).size)} | ${ms(median(eager.map((sample) => sample.cpu)))} | ${ms(shippedCpu)} | ${ms(median(shipped.map((sample) => sample.wall)))} | ${ms(median(shipped.map((sample) => sample.mapCpu)))} |`,
      );
      console.log(rows.at(-1));
    }
    console.log(`\n${header}\n${rows.slice(1).join('\n')}`);
    console.log(
      `\nSlowest shipped initialisation: ${worst.toFixed(0)} ms of CPU (limit ${LIMIT_MS} ms): ${worst <= LIMIT_MS ? 'within' : 'OVER'} the limit.`,
    );
    if (worst > LIMIT_MS) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
