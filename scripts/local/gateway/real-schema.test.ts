/** The gateway as the local stack runs it: schema.graphql, lambdas/resolver-map.ts, handlers loaded from their entry files. */
import { startGatewayServer, startTestIssuer, TEST_API_KEY, type TestIssuer } from './test-kit';

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
  const { status, body } = await api.post({ query: '{ health { status version time } }' }, { 'x-api-key': TEST_API_KEY });
  expect(status).toBe(200);
  expect(body).toEqual({ data: { health: { status: 'ok', version: expect.any(String), time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) } } });
});

it('keeps default-mode fields of schema.graphql from API-key callers', async () => {
  const { body } = await api.post({ query: '{ me { id } }' }, { 'x-api-key': TEST_API_KEY });
  expect(body).toMatchObject({ data: { me: null }, errors: [{ errorType: 'Unauthorized', message: 'Not Authorized to access me on type Query' }] });
});

it('lets signed-in users read health too', async () => {
  const { body } = await api.post({ query: '{ health { status } }' }, { authorization: issuer.sign() });
  expect(body).toEqual({ data: { health: { status: 'ok' } } });
});
