import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';

const cache = new Map<string, Promise<string>>();
let ssm: SSMClient | undefined;

/**
 * A secret by its env name, e.g. `secret('DISCORD_CLIENT_SECRET')`. In AWS the function gets only the name of an
 * SSM SecureString parameter in `<NAME>_PARAM` (infra/lib/secrets.ts) and reads it once per container; the local
 * stack, which has no SSM, passes the value itself in `<NAME>`.
 */
export function secret(name: string): Promise<string> {
  let value = cache.get(name);
  if (!value) {
    value = readSecret(name);
    value.catch(() => cache.delete(name)); // a failed read is tried again on the next call
    cache.set(name, value);
  }
  return value;
}

async function readSecret(name: string): Promise<string> {
  const direct = process.env[name];
  if (direct) return direct;
  const parameter = process.env[`${name}_PARAM`];
  if (!parameter) throw new Error(`Missing environment variable ${name}_PARAM`);
  ssm ??= new SSMClient({});
  const { Parameter } = await ssm.send(new GetParameterCommand({ Name: parameter, WithDecryption: true }));
  if (!Parameter?.Value) throw new Error(`SSM parameter ${parameter} has no value`);
  return Parameter.Value;
}
