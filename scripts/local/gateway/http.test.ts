import { generateKeyPairSync } from 'node:crypto';
import { apiLimits } from '../../../lambdas/api-limits';
import { logger } from '../../../lambdas/lib/appsync';
import { callerAddressOf } from '../../../lambdas/lib/caller-address';
import { receivedEvents, testApiOptions } from './test-api';
import { startGatewayServer, startTestIssuer, TEST_PUBLIC_TOKEN, TEST_ISSUER, type TestIssuer } from './test-kit';

let issuer: TestIssuer;
let api: Awaited<ReturnType<typeof startGatewayServer>>;

beforeAll(async () => {
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined); // handler errors below are expected
  issuer = await startTestIssuer();
  api = await startGatewayServer({ ...testApiOptions, jwksUri: issuer.jwksUri });
});

afterAll(async () => {
  await api.close();
  await issuer.close();
});

const asUser = (options: Parameters<TestIssuer['sign']>[0] = {}) => ({ authorization: `Bearer ${issuer.sign(options)}` });
const asPublic = { authorization: TEST_PUBLIC_TOKEN };
const unauthorizedField = (field: string, type: string) =>
  expect.objectContaining({ errorType: 'Unauthorized', message: `Not Authorized to access ${field} on type ${type}` });

describe('Cognito tokens', () => {
  it('runs a query for a signed-in user and hands the handler AppSync’s direct Lambda event', async () => {
    const { status, body } = await api.post(
      { query: 'query Who($at: AWSDateTime!) { whoAmI echoTime(at: $at) note { text author { name } } }', variables: { at: '2024-05-01T04:00:00Z' } },
      asUser({ sub: 'user-1', username: 'ada', groups: ['COACH'] }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ data: { whoAmI: 'user-1', echoTime: '2024-05-01T04:00:00Z', note: { text: 'hello', author: { name: 'Ada' } } } });
    expect(receivedEvents.find((e) => e.info.fieldName === 'echoTime')!.arguments).toEqual({ at: '2024-05-01T04:00:00Z' });

    const event = receivedEvents.find((e) => e.info.fieldName === 'note')!;
    expect(event).toMatchObject({
      arguments: {},
      source: null,
      prev: null,
      stash: {},
      identity: {
        sub: 'user-1',
        issuer: TEST_ISSUER,
        username: 'ada',
        groups: ['COACH'],
        defaultAuthStrategy: 'ALLOW',
        claims: expect.objectContaining({ 'cognito:groups': ['COACH'], token_use: 'id' }),
      },
      request: { headers: expect.objectContaining({ 'content-type': 'application/json' }), domainName: null },
      info: {
        fieldName: 'note',
        parentTypeName: 'Query',
        variables: { at: '2024-05-01T04:00:00Z' },
        selectionSetList: ['text', 'author', 'author/name'],
        selectionSetGraphQL: expect.stringContaining('author {'),
      },
    });
    expect((event.identity as { sourceIp: string[] }).sourceIp).toHaveLength(1);
  });

  it('accepts a raw access token (no "Bearer")', async () => {
    const { status, body } = await api.post({ query: '{ whoAmI }' }, { authorization: issuer.sign({ tokenUse: 'access', sub: 'user-2' }) });
    expect(status).toBe(200);
    expect(body.data.whoAmI).toBe('user-2');
  });

  it.each([
    ['a forged signature', { signWith: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }],
    ['another app client', { clientId: 'someone-else' }],
    ['another user pool', { issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other' }],
  ])('rejects a token with %s with 401', async (_case, options) => {
    const { status, body } = await api.post({ query: '{ whoAmI }' }, asUser(options));
    expect(status).toBe(401);
    expect(body).toEqual({ errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }] });
    expect(body.data).toBeUndefined();
  });

  it('rejects an expired token with 401', async () => {
    const { status, body, headers } = await api.post({ query: '{ whoAmI }' }, asUser({ expiresIn: -60 }));
    expect(status).toBe(401);
    expect(body.errors[0]).toEqual({ errorType: 'UnauthorizedException', message: 'Token has expired.' });
    expect(headers.get('x-amzn-errortype')).toBe('UnauthorizedException');
  });

  it('rejects garbage in the Authorization header and requests without credentials', async () => {
    expect((await api.post({ query: '{ whoAmI }' }, { authorization: 'not-a-jwt' })).status).toBe(401);
    const anonymous = await api.post({ query: '{ anyone { message } }' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].errorType).toBe('UnauthorizedException');
  });
});

describe('public token (Lambda mode)', () => {
  it('is accepted for fields marked @aws_lambda', async () => {
    const { status, body } = await api.post({ query: '{ publicInfo { message } anyone { message } }' }, asPublic);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { publicInfo: { message: 'public' }, anyone: { message: 'anyone' } } });
  });

  it('is refused with 401 when wrong', async () => {
    const { status, body } = await api.post({ query: '{ publicInfo { message } }' }, { authorization: 'fitgauge-public-wrong' });
    expect(status).toBe(401);
    expect(body.errors[0].errorType).toBe('UnauthorizedException');
  });

  it('cannot read fields left to the default mode, at the root or nested', async () => {
    const calls = receivedEvents.length;
    const { body } = await api.post({ query: '{ whoAmI anyone { message } }' }, asPublic);
    expect(body.data).toEqual({ whoAmI: null, anyone: { message: 'anyone' } });
    expect(body.errors).toEqual([
      {
        path: ['whoAmI'],
        locations: [{ line: 1, column: 3, sourceName: null }],
        errorType: 'Unauthorized',
        message: 'Not Authorized to access whoAmI on type Query',
        errorInfo: null,
        data: null,
      },
    ]);
    // the denied field's Lambda was never called
    expect(receivedEvents.slice(calls).map((e) => e.info.fieldName)).toEqual(['anyone']);

    // Author has no auth directive, so a public-token caller may not select a public Note's author at all: AppSync checks
    // the type a field returns as well as the field.
    const nested = await api.post({ query: '{ note { text author { name } } }' }, asPublic);
    expect(nested.body.data).toEqual({ note: { text: 'hello', author: null } });
    expect(nested.body.errors).toEqual([unauthorizedField('author', 'Note')]);
    expect(nested.body.errors[0].path).toEqual(['note', 'author']);
  });

  it('lets the default mode select what the public token may not, and the public token what the type admits', async () => {
    const { body } = await api.post({ query: '{ note { text author { name } } }' }, asUser());
    expect(body).toEqual({ data: { note: { text: 'hello', author: { name: 'Ada' } } } });
    const withoutAuthor = await api.post({ query: '{ note { id } }' }, asPublic);
    expect(withoutAuthor.body).toEqual({ data: { note: { id: 'n0' } } });
  });

  it("gives the handler the Lambda authorizer's identity: its resolver context and no user", async () => {
    await api.post({ query: '{ anyone { message } }' }, asPublic);
    expect(receivedEvents.at(-1)!.identity).toEqual({ resolverContext: {} });
  });
});

describe('auth directives for signed-in users', () => {
  it('refuses fields marked only @aws_lambda', async () => {
    const { body } = await api.post({ query: '{ publicInfo { message } }' }, asUser());
    expect(body.data).toEqual({ publicInfo: null });
    expect(body.errors).toEqual([unauthorizedField('publicInfo', 'Query')]);
  });

  it('lets only the listed Cognito groups read a group-restricted field', async () => {
    const gamer = await api.post({ query: '{ adminStats { message } }' }, asUser({ groups: ['GAMER'] }));
    expect(gamer.body).toEqual({ data: { adminStats: null }, errors: [unauthorizedField('adminStats', 'Query')] });
    const noGroups = await api.post({ query: '{ adminStats { message } }' }, asUser());
    expect(noGroups.body.errors).toEqual([unauthorizedField('adminStats', 'Query')]);
    const admin = await api.post({ query: '{ adminStats { message } }' }, asUser({ groups: ['GAMER', 'SUPERADMIN'] }));
    expect(admin.body).toEqual({ data: { adminStats: { message: 'stats' } } });
  });

  it('applies a field’s own group rule over its type’s rule', async () => {
    const coach = await api.post({ query: '{ note { text secret } }' }, asUser({ groups: ['COACH'] }));
    expect(coach.body.data).toEqual({ note: { text: 'hello', secret: null } });
    expect(coach.body.errors).toEqual([unauthorizedField('secret', 'Note')]);
    const admin = await api.post({ query: '{ note { secret } }' }, asUser({ groups: ['ADMIN'] }));
    expect(admin.body).toEqual({ data: { note: { secret: 'classified' } } });
  });
});

describe('errors', () => {
  it.each([
    ['validation', 'ValidationError', 'Text is too long.'],
    ['notFound', 'NotFound', 'No such note.'],
    ['conflict', 'Conflict', 'That title is taken.'],
    ['unauthorized', 'Unauthorized', 'You are not authorized to make this call.'],
    // An unexpected failure keeps its internals ("database exploded") to the logs.
    ['plain', 'Lambda:Unhandled', 'Something went wrong. Please try again later.'],
  ])('reports a handler’s %s error as errorType %s', async (kind, errorType, message) => {
    const { status, body } = await api.post({ query: 'query ($k: String!) { fail(kind: $k) { message } }', variables: { k: kind } }, asPublic);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: { fail: null },
      errors: [{ path: ['fail'], locations: [{ line: 1, column: 23, sourceName: null }], message, errorType, errorInfo: null, data: null }],
    });
  });

  it('answers a query that does not fit the schema with a ValidationError', async () => {
    const { status, body } = await api.post({ query: '{ nope }' }, asPublic);
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([expect.objectContaining({ errorType: 'ValidationError', message: expect.stringContaining('nope') })]);
  });

  it.each([
    ['broken JSON', '{"query": '],
    ['no query', JSON.stringify({ variables: {} })],
    ['a GraphQL syntax error', JSON.stringify({ query: '{ anyone { ' })],
  ])('answers %s with 400 MalformedHttpRequestException and keeps serving', async (_case, raw) => {
    const { status, body } = await api.post(raw, asPublic);
    expect(status).toBe(400);
    expect(body.errors[0].errorType).toBe('MalformedHttpRequestException');
    expect((await api.post({ query: '{ anyone { message } }' }, asPublic)).body.data.anyone.message).toBe('anyone');
  });

  it('refuses subscriptions over HTTP', async () => {
    const { status, body } = await api.post({ query: 'subscription { onNoteAdded { id } }' }, asPublic);
    expect(status).toBe(400);
    expect(body.errors[0].errorType).toBe('UnsupportedOperation');
  });
});

describe('AppSync scalars', () => {
  it('accepts a well-formed AWSDateTime and rejects a malformed one before calling the handler', async () => {
    const ok = await api.post({ query: '{ echoTime(at: "2024-05-01T04:00:00.000Z") }' }, asPublic);
    expect(ok.body).toEqual({ data: { echoTime: '2024-05-01T04:00:00.000Z' } });
    const bad = await api.post({ query: 'query ($at: AWSDateTime!) { echoTime(at: $at) }', variables: { at: '2024-05-01' } }, asPublic);
    expect(bad.body.data).toBeNull();
    expect(bad.body.errors[0].errorType).toBe('ValidationError');
    const literal = await api.post({ query: '{ echoTime(at: "yesterday") }' }, asPublic);
    expect(literal.body.errors[0].errorType).toBe('ValidationError');
  });

  it('never echoes a huge or invisible rejected value in full (AppSync keeps such messages short)', async () => {
    const huge = `\u202e${'x'.repeat(100_000)}`;
    const wrongType = await api.post({ query: 'query ($k: String!) { fail(kind: $k) { message } }', variables: { k: { huge } } }, asPublic);
    const badScalar = await api.post({ query: 'query ($at: AWSDateTime!) { echoTime(at: $at) }', variables: { at: huge } }, asPublic);
    const badLiteral = await api.post({ query: `{ echoTime(at: "${'y'.repeat(100_000)}") }` }, asPublic);
    const notAString = await api.post(
      { query: 'mutation ($b: ID!, $t: String!) { addNote(boardId: $b, text: $t) { id } }', variables: { b: 'b1', t: [huge] } },
      asPublic,
    );
    for (const { body } of [wrongType, badScalar, badLiteral, notAString]) {
      expect(body.errors[0]).toMatchObject({ errorType: 'ValidationError', message: expect.stringMatching(/\S/) });
      expect(body.errors[0].message.length).toBeLessThanOrEqual(500);
      expect(body.errors[0].message).not.toContain('\u202e');
    }
    expect(badScalar.body.errors[0].message).toContain('\\u202e'); // shown as an escape, not applied
  });

  it('refuses a resolver result that is not in the scalar’s format', async () => {
    const { body } = await api.post({ query: '{ badTime }' }, asPublic);
    expect(body.data).toEqual({ badTime: null });
    expect(body.errors[0]).toMatchObject({ path: ['badTime'], message: expect.stringContaining('AWSDateTime') });
  });

  it('hands AWSJSON arguments to the handler parsed and returns objects as JSON strings', async () => {
    const { body } = await api.post({ query: 'query ($v: AWSJSON!) { echoJson(value: $v) }', variables: { v: '{"a":[1,2]}' } }, asPublic);
    expect(JSON.parse(body.data.echoJson)).toEqual({ received: { a: [1, 2] }, type: 'object' });
  });
});

describe('HTTP surface', () => {
  it('answers the CORS preflight and leaves other paths to the host server', async () => {
    const preflight = await fetch(api.graphqlUrl, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await fetch(`http://${api.origin}/config.json`);
    expect(await other.text()).toBe('not the gateway');
  });
});

describe("CORS: only the app's own origin", () => {
  const appOrigin = 'http://localhost:5173';
  let ownApi: Awaited<ReturnType<typeof startGatewayServer>>;
  beforeAll(async () => {
    ownApi = await startGatewayServer({ ...testApiOptions, jwksUri: issuer.jwksUri, allowedOrigins: [appOrigin] });
  });
  afterAll(() => ownApi.close());

  const preflight = (origin: string) =>
    fetch(ownApi.graphqlUrl, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });

  it("grants the app's own origin, by name, on the preflight and the answer", async () => {
    expect((await preflight(appOrigin)).headers.get('access-control-allow-origin')).toBe(appOrigin);
    const answer = await fetch(ownApi.graphqlUrl, {
      method: 'POST',
      headers: { origin: appOrigin, 'content-type': 'application/json', ...asPublic },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe(appOrigin);
  });

  it('gives any other page no grant, so a browser keeps its answers from it', async () => {
    const evilPreflight = await preflight('https://evil.example');
    expect(evilPreflight.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await fetch(ownApi.graphqlUrl, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', ...asPublic },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('vary')).toContain('Origin');
  });
});

describe('query cost limits (AppSync queryDepthLimit, resolverCountLimit and request size)', () => {
  const handlerCalls = () => receivedEvents.length;

  /** `mentor { mentor { ... name } }`: `count` + 1 levels. */
  const mentorChain = (count: number) => `${'mentor { '.repeat(count)}name${' }'.repeat(count)}`;
  /** `{ note { author { mentor { ... { name } } } } }`, `levels` deep. */
  const nestedQuery = (levels: number) => `{ note { author { ${mentorChain(levels - 3)} } } }`;

  /** Sends `query` and expects it refused whole, with `message`, before any resolver ran. */
  async function expectRefused(query: string, message: string) {
    const before = handlerCalls();
    const { status, body } = await api.post({ query }, asPublic);
    expect(status).toBe(200);
    expect(body).toEqual({ data: null, errors: [expect.objectContaining({ errorType: 'ValidationError', message })] });
    expect(handlerCalls()).toBe(before);
  }

  it(`refuses an operation nested deeper than ${apiLimits.queryDepth} levels before any resolver runs`, async () => {
    await expectRefused(
      nestedQuery(apiLimits.queryDepth + 1),
      `The operation is nested ${apiLimits.queryDepth + 1} levels deep; the limit is ${apiLimits.queryDepth}.`,
    );
  });

  it('counts the levels of spread fragments where they are spread', async () => {
    await expectRefused(
      `{ ...Deep } fragment Deep on Query { note { author { ...Mentors } } } fragment Mentors on Author { ${mentorChain(apiLimits.queryDepth - 2)} }`,
      `The operation is nested ${apiLimits.queryDepth + 1} levels deep; the limit is ${apiLimits.queryDepth}.`,
    );
  });

  it('runs an operation at exactly the limits', async () => {
    const aliases = Array.from({ length: apiLimits.resolverCount }, (_, i) => `a${i}: anyone { message }`).join(' ');
    const wide = await api.post({ query: `{ ${aliases} __typename }` }, asPublic);
    expect(Object.keys(wide.body.data)).toHaveLength(apiLimits.resolverCount + 1);
    expect(wide.body.errors).toBeUndefined();
    const deep = await api.post({ query: nestedQuery(apiLimits.queryDepth) }, asUser());
    expect(deep.body).toEqual({ data: { note: { author: { mentor: null } } } });
  });

  it('refuses 10,000 aliased fields without running a resolver', async () => {
    const aliases = Array.from({ length: 10_000 }, (_, i) => `a${i}: anyone { message }`).join(' ');
    const started = Date.now();
    await expectRefused(`{ ${aliases} }`, `The operation would run 10000 resolvers; the limit is ${apiLimits.resolverCount}.`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('counts aliases spread through fragments too', async () => {
    const aliases = Array.from({ length: apiLimits.resolverCount + 1 }, (_, i) => `a${i}: anyone { message }`).join(' ');
    await expectRefused(
      `{ ...Many } fragment Many on Query { ${aliases} }`,
      `The operation would run ${apiLimits.resolverCount + 1} resolvers; the limit is ${apiLimits.resolverCount}.`,
    );
  });

  it('refuses fragments that each spread the next twice without walking every copy', async () => {
    // 22 fragments in a doubling chain name 2^22 root fields in a few hundred bytes.
    const chain = Array.from({ length: 22 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join(' ');
    const started = Date.now();
    await expectRefused(
      `{ ...F0 } ${chain} fragment F22 on Query { anyone { message } }`,
      `The operation would run ${2 ** 22} resolvers; the limit is ${apiLimits.resolverCount}.`,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.each([
    ['announced by Content-Length', false],
    ['streamed without a length', true],
  ])('answers 413 to a 10 MB body %s, and keeps serving', async (_case, chunked) => {
    const tenMegabytes = JSON.stringify({ query: `{ anyone { message } } # ${'x'.repeat(10 * 1024 * 1024)}` });
    const body = chunked
      ? new ReadableStream({
          start(controller) {
            for (let at = 0; at < tenMegabytes.length; at += 1024 * 1024) controller.enqueue(Buffer.from(tenMegabytes.slice(at, at + 1024 * 1024)));
            controller.close();
          },
        })
      : tenMegabytes;
    const response = await fetch(api.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asPublic },
      body,
      ...(chunked ? { duplex: 'half' } : {}),
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ errors: [{ errorType: 'PayloadTooLargeException', message: 'The request body is larger than 5 MB.' }] });
    expect((await api.post({ query: '{ anyone { message } }' }, asPublic)).body.data.anyone.message).toBe('anyone');
  });
});

describe('the caller address', () => {
  it('appends the real peer and the gateway to x-forwarded-for, as CloudFront and AppSync do, so a sent header cannot choose it', async () => {
    const before = receivedEvents.length;
    const { status } = await api.post({ query: '{ whoAmI }' }, { ...asUser({ sub: 'user-9' }), 'x-forwarded-for': '203.0.113.9, 198.51.100.7' });
    expect(status).toBe(200);
    const event = receivedEvents.slice(before).find((e) => e.info.fieldName === 'whoAmI')!;
    expect(event.request.headers['x-forwarded-for']).toBe('203.0.113.9, 198.51.100.7, 127.0.0.1, 127.0.0.1');
    // A public-token call has no identity: the resolvers take the entry before the last, the real peer.
    expect(callerAddressOf({ ...event, identity: null } as typeof event)).toBe('127.0.0.1');
  });
});
