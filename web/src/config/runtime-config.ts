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

/** Fetches and validates /config.json once, before the app renders. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
    // Default cache mode, so the <link rel="preload"> in index.html serves it; the server marks it no-store / no-cache.
  const response = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
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
