// zod/mini: the same validation with a far smaller footprint on the first page's bundle.
import * as z from 'zod/mini';

/**
 * What the deployed site (or the local stack) writes to /config.json. The same build runs everywhere,
 * so endpoints and pool ids are read at start instead of being baked into the bundle.
 */
export const runtimeConfigSchema = z.object({
  mode: z.enum(['local', 'aws']),
  region: z.string().check(z.minLength(1)),
  graphqlEndpoint: z.url(),
  apiKey: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  uploadsBucketUrl: z.optional(z.url()),
  /** Discord's OAuth2 authorize page (a local stand-in in local mode); without it there is no Discord sign-in. */
  discordAuthorizeUrl: z.optional(z.url()),
  discordClientId: z.optional(z.string().check(z.minLength(1))),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(value);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new RuntimeConfigError(`/config.json is invalid (${fields})`);
  }
  return result.data;
}

let loaded: RuntimeConfig | null = null;

/** Fetches and validates /config.json once, before the app renders. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new RuntimeConfigError(`/config.json answered HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError('/config.json is not JSON');
  }
  loaded = parseRuntimeConfig(body);
  return loaded;
}

/** The configuration loaded at start; for code that runs after bootstrap (everything but main.tsx). */
export function runtimeConfig(): RuntimeConfig {
  if (!loaded) throw new RuntimeConfigError('runtime config read before loadRuntimeConfig() finished');
  return loaded;
}
