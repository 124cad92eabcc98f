/**
 * `npm run bench:cold-start`: each Lambda function's module initialisation, as the production bundles are built.
 * Synthesizes the CDK app (esbuild bundles, a stand-in web build), then loads every function's index.js in a fresh
 * Node process (`require` of the bundle, timed inside the process: what Lambda reports as most of "Init Duration"),
 * five times per variant, and prints the median of each:
 *   without maps — node index.js (no source map support)
 *   with maps    — node --enable-source-maps, with the map the stack ships beside the code (infra/lib/functions.ts)
 * "Shipped" is the variant the function runs with (its NODE_OPTIONS in the template). Each cell gives the wall-clock
 * time and, in brackets, the CPU time of the load: on a machine shared with other work the wall-clock figure mostly
 * measures the wait for a CPU, so the 300 ms limit is checked on the CPU time (a Lambda has its share of a CPU to itself).
 * The figures and the decision are in docs/performance.md. Not a test: figures depend on the machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../infra/lib/functions';

const RUNS = 5;
const LIMIT_MS = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Load {
  /** Wall-clock milliseconds of `require(bundle)`. */
  readonly wall: number;
  /** CPU milliseconds (user + system) the process spent in it: what the load costs, whatever else the machine runs. */
  readonly cpu: number;
}

/** What `require(bundle)` takes in a fresh process. */
function loadTime(bundle: string, flags: string[], env: NodeJS.ProcessEnv): Load {
  const probe = `const { performance } = require('node:perf_hooks'); const c = process.cpuUsage(); const t = performance.now(); require(${JSON.stringify(bundle)}); const wall = performance.now() - t; const u = process.cpuUsage(c); process.stdout.write(JSON.stringify({ wall, cpu: (u.user + u.system) / 1000 }));`;
  const result = spawnSync(process.execPath, [...flags, '-e', probe], { encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`Loading ${bundle} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Load;
}

/** The median wall and CPU times of RUNS fresh loads. */
function measure(bundle: string, flags: string[], env: NodeJS.ProcessEnv): Load {
  const loads = Array.from({ length: RUNS }, () => loadTime(bundle, flags, env));
  return { wall: median(loads.map((load) => load.wall)), cpu: median(loads.map((load) => load.cpu)) };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

function main(): void {
  const work = mkdtempSync(join(tmpdir(), 'fitgauge-cold-start-'));
  try {
    const web = join(work, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html>');
    writeFileSync(join(web, 'assets', 'app.js'), '');
    const out = join(work, 'cdk.out');
    console.log('Synthesizing (esbuild bundles)…');
    const synth = spawnSync('npx', ['cdk', 'synth', '--quiet', '-o', out, '-c', `webDistPath=${web}`], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (synth.status !== 0) throw new Error(`cdk synth failed:\n${synth.stderr}`);

    const template = JSON.parse(readFileSync(join(out, 'FitGauge.template.json'), 'utf8')) as {
      Resources: Record<string, { Type: string; Properties: any; Metadata?: Record<string, string> }>;
    };
    const functions = Object.values(template.Resources)
      .filter((resource) => resource.Type === 'AWS::Lambda::Function' && /\/Functions\//.test(resource.Metadata?.['aws:cdk:path'] ?? ''))
      .map((resource) => ({
        name: /\/Functions\/(\w+)Function\//.exec(resource.Metadata!['aws:cdk:path'])![1],
        dir: join(out, `asset.${String(resource.Properties.Code.S3Key).replace(/\.zip$/, '')}`),
        shipsMaps: String(resource.Properties.Environment?.Variables?.NODE_OPTIONS ?? '').includes('--enable-source-maps'),
      }));

    // The bundles read their configuration only when a request arrives; the region is all the SDK clients need at load.
    const env = { ...process.env, AWS_REGION: 'us-east-1', NODE_OPTIONS: '' };
    const rows: string[] = [];
    let worst = 0;
    let worstWall = 0;
    const loadAverage = () => loadavg().map((value) => value.toFixed(1)).join(' ');
    console.log(`\n${functions.length} functions, median of ${RUNS} fresh processes each, Node ${process.version}, ${cpus().length} CPUs, load average ${loadAverage()}\n`);
    const header = '| Function | Bundle | Map | Without maps: wall (CPU) | With maps: wall (CPU) | Shipped: wall (CPU) |';
    rows.push(header, '|---|---:|---:|---:|---:|---:|');
    for (const fn of functions.sort((a, b) => a.name.localeCompare(b.name))) {
      const bundle = join(fn.dir, 'index.js');
      const map = `${bundle}.map`;
      const without = measure(bundle, [], env);
      const withMaps = measure(bundle, ['--enable-source-maps'], env);
      const shipped = fn.shipsMaps ? withMaps : without;
      worstWall = Math.max(worstWall, shipped.wall);
      worst = Math.max(worst, shipped.cpu);
      const cell = (load: Load) => `${ms(load.wall)} (${ms(load.cpu)})`;
      rows.push(`| ${fn.name} | ${mb(statSync(bundle).size)} | ${mb(statSync(map).size)} | ${cell(without)} | ${cell(withMaps)} | ${cell(shipped)} |`);
      console.log(rows.at(-1));
    }
    console.log(`\n${header}\n${rows.slice(1).join('\n')}`);
    console.log(`\nLoad average at the end: ${loadAverage()}. Wall-clock times grow with the machine's load; CPU times much less.`);
    console.log(`Slowest shipped initialisation: ${ms(worst)} of CPU (limit ${LIMIT_MS} ms): ${worst <= LIMIT_MS ? 'within' : 'OVER'} the limit; ${ms(worstWall)} wall-clock.`);
    if (worst > LIMIT_MS) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
