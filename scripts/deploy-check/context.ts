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
