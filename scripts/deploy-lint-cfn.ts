/**
 * `npm run lint:cfn`: synthesizes the CDK app and runs cfn-lint (the AWS-maintained CloudFormation linter) on every
 * template of the cloud assembly; fails on any error or warning. The site is synthesized from a stand-in web build
 * (-c webDistPath), so no `npm run build` is needed. Where cfn-lint is not on the PATH it says so and exits 0
 * (`npm test` runs it; CI has it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { synthesizeWithStandInSite } from './synth-stand-in';

/** Every *.template.json under the assembly directory, nested assemblies included. */
export function templatesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name.startsWith('asset.') ? [] : templatesOf(path);
    return name.endsWith('.template.json') ? [path] : [];
  });
}

function main(): number {
  const version = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    console.log('\n*** cfn-lint not found: skipped (install it with "pip install cfn-lint" to lint the CloudFormation templates) ***\n');
    return 0;
  }
  const work = mkdtempSync(join(tmpdir(), 'fitgauge-lint-cfn-'));
  try {
    console.log(`${version.stdout.trim()}: synthesizing…`);
    const synth = synthesizeWithStandInSite(work, 'inherit');
    if (synth.status !== 0) return synth.status ?? 1;
    const { out } = synth;
    const templates = templatesOf(out);
    if (!templates.length) {
      console.error('The cloud assembly holds no template.');
      return 1;
    }
    const lint = spawnSync('cfn-lint', ['--', ...templates], { encoding: 'utf8' });
    const report = `${lint.stdout ?? ''}${lint.stderr ?? ''}`.trim();
    // cfn-lint's exit code is a bit mask: 2 errors, 4 warnings, 8 informational; 1 a failure of cfn-lint itself.
    const status = lint.status ?? 1;
    if (status & (1 | 2 | 4)) {
      console.error(`${report}\n\ncfn-lint: ${templates.length} template(s), errors or warnings above (exit ${status}).`);
      return 1;
    }
    if (report) console.log(report);
    console.log(`cfn-lint: ${templates.length} template(s), 0 errors, 0 warnings.`);
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) process.exit(main());
