import { loadRuntimeConfig } from '@/config/runtime-config';
import { getHealth } from './health';

const config = {
  mode: 'aws',
  region: 'us-east-1',
  graphqlEndpoint: 'https://api.example.com/graphql',
  publicToken: 'fitgauge-public-test',
  userPoolId: 'us-east-1_Pool',
  userPoolClientId: 'client',
};

beforeAll(() => loadRuntimeConfig(async () => new Response(JSON.stringify(config))));

const answering = (status: number, body: unknown) => jest.fn(async () => new Response(JSON.stringify(body), { status }));

describe('getHealth', () => {
  it("asks the deployment's GraphQL endpoint with the public token and returns the health", async () => {
    const fetchImpl = answering(200, { data: { health: { status: 'ok', version: '1.2.3', time: '2026-11-22T00:00:00Z' } } });
    await expect(getHealth(fetchImpl)).resolves.toEqual({ status: 'ok', version: '1.2.3', time: '2026-11-22T00:00:00Z' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.example.com/graphql');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ authorization: 'fitgauge-public-test' });
    expect(JSON.parse(String(init.body)).query).toContain('health');
  });

  it('fails on an HTTP error or a GraphQL error, so the status line says the API is unreachable', async () => {
    await expect(getHealth(answering(502, {}))).rejects.toThrow('The API answered HTTP 502');
    await expect(getHealth(answering(200, { data: null, errors: [{ message: 'Unauthorized' }] }))).rejects.toThrow('Unauthorized');
  });
});
