import { runtimeConfigSchema, type RuntimeConfig } from '@core/runtime-config';

export type { RuntimeConfig };

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

/** Where the last good /config.json is kept, for a start without a connection (the installed app offline). */
const STORED_CONFIG_KEY = 'fg.runtime-config';

type ConfigStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): ConfigStorage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/**
 * Fetches and validates /config.json once, before the app renders, and keeps a copy. Without a connection (the fetch
 * itself fails) the copy of the last visit is used, so the installed app opens offline; an answer of the server
 * that is wrong is never papered over.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, storage: ConfigStorage | null = browserStorage()): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // Default cache mode, so the <link rel="preload"> in index.html serves it; the server marks it no-cache.
    response = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
  } catch (networkError) {
    const stored = storage?.getItem(STORED_CONFIG_KEY);
    if (!stored) throw networkError;
    loaded = parseRuntimeConfig(JSON.parse(stored));
    return loaded;
  }
  if (!response.ok) throw new RuntimeConfigError(`/config.json answered HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError('/config.json is not JSON');
  }
  loaded = parseRuntimeConfig(body);
  storage?.setItem(STORED_CONFIG_KEY, JSON.stringify(loaded));
  return loaded;
}

/** The configuration loaded at start; for code that runs after bootstrap (everything but main.tsx). */
export function runtimeConfig(): RuntimeConfig {
  if (!loaded) throw new RuntimeConfigError('runtime config read before loadRuntimeConfig() finished');
  return loaded;
}
