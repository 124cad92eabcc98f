/**
 * `npm run deploy [-- <cdk deploy options, e.g. -c mailFrom=… --require-approval never>]`: the one command that puts
 * FitGauge, site included, into an AWS account.
 *  1. checks the account's prerequisites (scripts/deploy-check.ts) and stops, saying what is missing;
 *  2. builds the web app (vite build into web/dist) and stamps the build with a hash of its sources
 *     (infra/lib/web-build-stamp.ts), which the CDK app checks: it refuses a web/dist that is not this build;
 *  3. runs `cdk deploy` with the same options.
 * --skip-check leaves out step 1 (e.g. a deploy from a machine that may not read SES or SSM).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../infra/lib/functions';
import { writeBuildStamp } from '../infra/lib/web-build-stamp';
import { runDeployCheck } from './deploy-check';

function run(command: string, args: readonly string[]): void {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `\n"${[command, ...args].join(' ')}" failed${result.status === null ? '' : ` (exit ${result.status})`}: nothing more was deployed.`,
    );
    process.exit(result.status ?? 1);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const skipCheck = args.includes('--skip-check');
  const cdkArgs = args.filter((arg) => arg !== '--skip-check');
  if (!skipCheck) {
    const ready = await runDeployCheck(cdkArgs).catch((error: unknown) => {
      console.error(`Could not read the account: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      return false;
    });
    if (!ready) process.exit(1);
  }
  console.log('\nBuilding the web app…');
  run('npm', ['run', 'build']);
  const stamp = writeBuildStamp(join(repoRoot, 'web', 'dist'), repoRoot);
  console.log(`web/dist stamped (sources ${stamp.sources.slice(0, 12)}).\n`);
  run('npx', ['cdk', 'deploy', ...cdkArgs]);
}

void main();
