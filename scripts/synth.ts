/**
 * `npm run synth [-- -c key=value …]`: the CloudFormation templates into cdk.out, for review and
 * `npx cdk diff --app cdk.out`. With web/dist as `npm run deploy` builds and stamps it, the site is that build; without
 * it (a fresh clone, or a build of other sources) the site is a stand-in page (scripts/synth-stand-in.ts): the
 * templates do not depend on the site's files, only the site's asset hash differs. Deploying stays `npm run deploy`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../infra/lib/functions';
import { staleBuildReason } from '../infra/lib/web-build-stamp';
import { synthesizeWithStandInSite } from './synth-stand-in';

const cdkArgs = process.argv.slice(2);
const reason = staleBuildReason(join(repoRoot, 'web', 'dist'), repoRoot);
let status: number | null;
if (!reason) {
  status = spawnSync('npx', ['cdk', 'synth', '--quiet', ...cdkArgs], { cwd: repoRoot, stdio: 'inherit' }).status;
} else {
  console.log(`${reason}\nSynthesizing with a stand-in site instead (the templates are the same; "npm run deploy" publishes the real build).`);
  const work = mkdtempSync(join(tmpdir(), 'fitgauge-synth-'));
  try {
    status = synthesizeWithStandInSite(work, 'inherit', { out: join(repoRoot, 'cdk.out'), cdkArgs }).status;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
if (status === 0) console.log('Templates written to cdk.out (npx cdk diff --app cdk.out compares them with the deployed stacks).');
process.exit(status ?? 1);
