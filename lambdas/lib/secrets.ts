import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';

/**
 * How long a container keeps a secret it read: a secret rotated in SSM (a new Stripe webhook secret, a new key) is
 * picked up within this time, without a deploy, while a warm container still reads SSM at most once per secret per period.
 */
export const SECRET_TTL_MS = 5 * 60_000;

const cache = new Map<string, { value: Promise<string>; readAt: number }>();
let ssm: SSMClient | undefined;

/**
 * A secret by its env name, e.g. `secret('DISCORD_CLIENT_SECRET')`. In AWS the function gets only the name of an
 * SSM SecureString parameter in `<NAME>_PARAM` (infra/lib/secrets.ts) and reads it again once the cached value is
 * SECRET_TTL_MS old; the local stack, which has no SSM, passes the value itself in `<NAME>`.
 */
export function secret(name: string): Promise<string> {
  const cached = cache.get(name);
  if (cached && Date.now() - cached.readAt < SECRET_TTL_MS) return cached.value;
  const entry = { value: readSecret(name), readAt: Date.now() };
  // A failed read is tried again on the next call.
  entry.value.catch(() => {
    if (cache.get(name) === entry) cache.delete(name);
  });
  cache.set(name, entry);
  return entry.value;
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
