/** The gateway as the local stack runs it: schema.graphql, lambdas/resolver-map.ts, handlers loaded from their entry files. */
import { startGatewayServer, startTestIssuer, TEST_PUBLIC_TOKEN, type TestIssuer } from './test-kit';

let issuer: TestIssuer;
let api: Awaited<ReturnType<typeof startGatewayServer>>;

beforeAll(async () => {
  issuer = await startTestIssuer();
  api = await startGatewayServer({ jwksUri: issuer.jwksUri });
});

afterAll(async () => {
  await api.close();
  await issuer.close();
});

it('serves Query.health from lambdas/system/handler.ts to signed-out callers', async () => {
  const { status, body } = await api.post({ query: '{ health { status version time } }' }, { authorization: TEST_PUBLIC_TOKEN });
  expect(status).toBe(200);
  expect(body).toEqual({ data: { health: { status: 'ok', version: expect.any(String), time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) } } });
});

it('keeps default-mode fields of schema.graphql from public-token callers', async () => {
  const { body } = await api.post({ query: '{ me { id } }' }, { authorization: TEST_PUBLIC_TOKEN });
  expect(body).toMatchObject({ data: { me: null }, errors: [{ errorType: 'Unauthorized', message: 'Not Authorized to access me on type Query' }] });
});

it('lets signed-in users read health too', async () => {
  const { body } = await api.post({ query: '{ health { status } }' }, { authorization: issuer.sign() });
  expect(body).toEqual({ data: { health: { status: 'ok' } } });
});
