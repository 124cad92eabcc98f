import { loadRuntimeConfig, parseRuntimeConfig, runtimeConfig, RuntimeConfigError } from './runtime-config';

const valid = {
  mode: 'local',
  region: 'us-east-1',
  graphqlEndpoint: 'http://localhost:5173/graphql',
  publicToken: 'fitgauge-public-local',
  userPoolId: 'us-east-1_LocalDev1',
  userPoolClientId: 'client',
};

const respond = (status: number, body: string) =>
  (async () => new Response(body, { status, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch;

describe('runtime config', () => {
  it('accepts the documented shape, with or without the uploads bucket', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
    expect(parseRuntimeConfig({ ...valid, mode: 'aws', uploadsBucketUrl: 'https://uploads.example.com' }).mode).toBe('aws');
  });

  it('names the fields that are missing or wrong', () => {
    expect(() => parseRuntimeConfig({ ...valid, mode: 'prod', publicToken: '' })).toThrow('/config.json is invalid (mode, publicToken)');
    expect(() => parseRuntimeConfig({ ...valid, graphqlEndpoint: 'not a url' })).toThrow(RuntimeConfigError);
  });

  it('loads /config.json once and keeps it for later readers', async () => {
    expect(() => runtimeConfig()).toThrow(RuntimeConfigError);
    await expect(loadRuntimeConfig(respond(200, JSON.stringify(valid)))).resolves.toEqual(valid);
    expect(runtimeConfig()).toEqual(valid);
  });

  it('reports an HTTP failure or a body that is not JSON', async () => {
    await expect(loadRuntimeConfig(respond(404, 'missing'))).rejects.toThrow('/config.json answered HTTP 404');
    await expect(loadRuntimeConfig(respond(200, '<html>'))).rejects.toThrow('/config.json is not JSON');
  });

  it('starts from the last good copy when there is no connection, and only then', async () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) };
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;

    await expect(loadRuntimeConfig(offline, storage)).rejects.toThrow('Failed to fetch');
    await loadRuntimeConfig(respond(200, JSON.stringify(valid)), storage);
    await expect(loadRuntimeConfig(offline, storage)).resolves.toEqual(valid);
    // A server that answers wrongly is reported, not covered by the copy.
    await expect(loadRuntimeConfig(respond(500, 'down'), storage)).rejects.toThrow('/config.json answered HTTP 500');
  });
});
