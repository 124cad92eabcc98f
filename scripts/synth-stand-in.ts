/**
 * `cdk synth` of the whole app into `<work>/cdk.out` (or `out`), with a stand-in web build in `<work>/web` instead of
 * `web/dist` (the app refuses an unstamped build, and the templates and bundles do not depend on the site's files): what
 * `npm run lint:cfn` lints, `npm run bench:cold-start` loads and `npm run synth` writes on a clone without a deploy build.
 */
import { spawnSync, type StdioOptions } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../infra/lib/functions';

export function synthesizeWithStandInSite(
  work: string,
  stdio: StdioOptions,
  options: { out?: string; cdkArgs?: readonly string[] } = {},
): { out: string; status: number | null; stderr: string } {
  const web = join(work, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>FitGauge</title>');
  writeFileSync(join(web, 'assets', 'app.js'), '');
  const out = options.out ?? join(work, 'cdk.out');
  const synth = spawnSync('npx', ['cdk', 'synth', '--quiet', '-o', out, '-c', `webDistPath=${web}`, ...(options.cdkArgs ?? [])], {
    cwd: repoRoot,
    stdio,
    encoding: 'utf8',
  });
  return { out, status: synth.status, stderr: synth.stderr ?? '' };
}
