import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web build's stamp: `npm run deploy` (scripts/deploy.ts) builds web/dist and writes into it a hash of every
 * source the build reads; the CDK app (infra/bin) refuses to publish a web/dist whose stamp is missing or does not
 * match the sources as they are now (a build older than an edit, or a `vite build` run by hand: Vite empties
 * web/dist, stamp included). Kept out of the published site (web-hosting.ts).
 */
export const BUILD_STAMP_FILE = 'build-stamp.json';

/** What the web build reads: the app, the shared core, the schema, the lockfile and the web build's configs. */
const WEB_INPUTS = ['web', 'core', 'schema.graphql', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.web.json'];

/**
 * SHA-256 over the path and content of each file of WEB_INPUTS that git tracks or would track (committed or not,
 * ignored files such as web/dist left out), in path order.
 */
function webSourcesHash(repoRoot: string): string {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...WEB_INPUTS], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = [...new Set(listed.split('\0').filter(Boolean))]
    .filter((path) => !path.startsWith('web/dist/'))
    .filter((path) => existsSync(join(repoRoot, path)) && statSync(join(repoRoot, path)).isFile())
    .sort();
  const hash = createHash('sha256');
  for (const path of files)
    hash
      .update(path)
      .update('\0')
      .update(readFileSync(join(repoRoot, path)))
      .update('\0');
  return hash.digest('hex');
}

interface BuildStamp {
  readonly sources: string;
  readonly builtAt: string;
}

export function writeBuildStamp(distPath: string, repoRoot: string): BuildStamp {
  const stamp: BuildStamp = { sources: webSourcesHash(repoRoot), builtAt: new Date().toISOString() };
  writeFileSync(join(distPath, BUILD_STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
  return stamp;
}

/** Why `distPath` must not be published (in plain words), or undefined when it is a build of the current sources. */
export function staleBuildReason(distPath: string, repoRoot: string): string | undefined {
  if (!existsSync(join(distPath, 'index.html'))) return `${distPath} holds no build (no index.html).`;
  const stampPath = join(distPath, BUILD_STAMP_FILE);
  if (!existsSync(stampPath)) return `${distPath} has no ${BUILD_STAMP_FILE}: it was not built by "npm run deploy".`;
  let stamp: Partial<BuildStamp>;
  try {
    stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as Partial<BuildStamp>;
  } catch {
    return `${stampPath} is not JSON.`;
  }
  if (stamp.sources !== webSourcesHash(repoRoot)) {
    return `${distPath} was built (${stamp.builtAt ?? 'at an unknown time'}) from other sources than the current ones: it is stale.`;
  }
  return undefined;
}
