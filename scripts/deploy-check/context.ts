import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SSMClient } from '@aws-sdk/client-ssm';

/**
 * The CDK app's context as `cdk deploy` would see it: cdk.json's "context", then cdk.context.json, then each
 * `-c key=value` / `--context key=value` of the command line (later wins).
 */
export function readCdkContext(repoRoot: string, argv: readonly string[]): Record<string, unknown> {
  const fromFile = (name: string): Record<string, unknown> => {
    const path = join(repoRoot, name);
    if (!existsSync(path)) return {};
    const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    return name === 'cdk.json' ? ((json.context as Record<string, unknown> | undefined) ?? {}) : json;
  };
  const fromArgs: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    let pair: string | undefined;
    if (arg === '-c' || arg === '--context') pair = argv[++i];
    else if (arg.startsWith('--context=')) pair = arg.slice('--context='.length);
    if (!pair) continue;
    const at = pair.indexOf('=');
    if (at > 0) fromArgs[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return { ...fromFile('cdk.json'), ...fromFile('cdk.context.json'), ...fromArgs };
}

/** The deploy's region, as infra/lib/app.ts takes it: the context's, else the profile's (what the CDK CLI passes), else us-east-1. */
export async function deployRegion(context: Record<string, unknown>): Promise<string> {
  if (typeof context.region === 'string') return context.region;
  return (await new SSMClient({}).config.region().catch(() => undefined)) ?? 'us-east-1';
}

/** The JSON answer of an AWS CLI v2 command (for the services whose SDK clients are not among the dependencies). */
export function awsCli(args: readonly string[]): unknown {
  const run = spawnSync('aws', [...args, '--output', 'json'], { encoding: 'utf8' });
  if (run.status !== 0) {
    throw Object.assign(new Error(`aws ${args.slice(0, 2).join(' ')}: ${(run.stderr || run.error?.message || '').trim()}`), {
      stderr: run.stderr ?? '',
    });
  }
  return JSON.parse(run.stdout) as unknown;
}

/** The deployed stack's outputs by key; null when the stack does not exist (yet). */
export function deployedStackOutputs(stackName: string, region: string): Record<string, string> | null {
  let answer: { Stacks: { Outputs?: { OutputKey: string; OutputValue: string }[] }[] };
  try {
    answer = awsCli(['cloudformation', 'describe-stacks', '--stack-name', stackName, '--region', region]) as typeof answer;
  } catch (error) {
    if (/does not exist/.test((error as { stderr?: string }).stderr ?? '')) return null;
    throw error;
  }
  return Object.fromEntries((answer.Stacks[0]?.Outputs ?? []).map((output) => [output.OutputKey, output.OutputValue]));
}
