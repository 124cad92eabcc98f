/**
 * Records this process's CPU profile from now until `stop`, which writes it to `file` (a benchmark's measured phase
 * only; `node --cpu-prof` would include the setup, and Node 20 refuses it in NODE_OPTIONS).
 */
export async function startCpuProfile(file: string) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/**
 * The top self-time functions of a V8 CPU profile (`node --cpu-prof`), by function and file, with the share of the
 * run spent in DynamoDB's client, the gateway, GraphQL, JWT verification and JSON:
 *   npx tsx bench/lib/cpu-profile.ts <file.cpuprofile> [top, default 25]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const AREAS: [string, RegExp][] = [
  ['DynamoDB client (@aws-sdk, @smithy)', /node_modules\/(@aws-sdk|@smithy|@aws-crypto)\//],
  ['graphql', /node_modules\/graphql\//],
  ['JWT verification (aws-jwt-verify)', /node_modules\/aws-jwt-verify\//],
  ['gateway (scripts/local/gateway)', /scripts\/local\/gateway\//],
  ['Lambdas (lambdas/, core/)', /\/(lambdas|core)\//],
  ['autocannon (the bench driver)', /node_modules\/autocannon\//],
];

/** Self time (ms) per function, largest first, and per area. */
function summarise(profile: CpuProfile, top = 25) {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, index) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  const total = [...byNode.values()].reduce((sum, ms) => sum + ms, 0);
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0;
    if (ms === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.startsWith('file://') ? relative(process.cwd(), new URL(url).pathname) : url || '(native)';
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    const area = AREAS.find(([, pattern]) => pattern.test(url))?.[0] ?? (url ? 'other' : functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
  }
  const share = (ms: number) => `${((100 * ms) / total).toFixed(1)} %`;
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: total,
    functions: sorted(byFunction)
      .slice(0, top)
      .map(([name, ms]) => ({ function: name, 'self ms': ms.toFixed(0), share: share(ms) })),
    areas: sorted(byArea)
      .slice(0, 12)
      .map(([area, ms]) => ({ area, 'self ms': ms.toFixed(0), share: share(ms) })),
  };
}

if (require.main === module) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/lib/cpu-profile.ts <file.cpuprofile> [top]');
  const { totalMs, functions, areas } = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(top ?? 25));
  console.log(`${file}: ${(totalMs / 1000).toFixed(1)} s sampled`);
  console.table(areas);
  console.table(functions);
}
