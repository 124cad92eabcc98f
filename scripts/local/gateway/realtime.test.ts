import { logger } from '../../../lambdas/lib/appsync';
import { receivedEvents, testApiOptions } from './test-api';
import { RealtimeClient, startGatewayServer, startTestIssuer, TEST_PUBLIC_TOKEN, type TestIssuer } from './test-kit';

let issuer: TestIssuer;
let api: Awaited<ReturnType<typeof startGatewayServer>>;
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined); // refusals below are expected
  issuer = await startTestIssuer();
  api = await startGatewayServer({ ...testApiOptions, jwksUri: issuer.jwksUri });
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await api.close();
  await issuer.close();
});

const publicHeader = () => ({ host: api.origin, authorization: TEST_PUBLIC_TOKEN });
const userHeader = (options: Parameters<TestIssuer['sign']>[0] = {}) => ({ host: api.origin, Authorization: issuer.sign(options) });

async function connect(header: object, style: 'subprotocol' | 'query' = 'subprotocol') {
  const client = await RealtimeClient.connect(api.realtimeUrl, header, style);
  clients.push(client);
  return client;
}

async function connected(header: object) {
  const client = await connect(header);
  client.send({ type: 'connection_init' });
  await client.next((m) => m.type === 'connection_ack');
  return client;
}

let ids = 0;
/** Sends `start` as Amplify v6 does and returns the subscription id once AppSync would have acknowledged it. */
async function subscribe(client: RealtimeClient, query: string, variables: object, authorization: object) {
  const id = `sub-${++ids}`;
  client.send({ id, type: 'start', payload: { data: JSON.stringify({ query, variables }), extensions: { authorization } } });
  const reply = await client.next((m) => m.id === id);
  return { id, reply };
}

const addNote = (boardId: string, text: string) =>
  api.post(
    { query: 'mutation ($b: ID!, $t: String!) { addNote(boardId: $b, text: $t) { id boardId text } }', variables: { b: boardId, t: text } },
    {
      authorization: TEST_PUBLIC_TOKEN,
    },
  );

const ON_NOTE = 'subscription On($boardId: ID) { onNoteAdded(boardId: $boardId) { id text } }';

describe('connection', () => {
  it('acknowledges connection_init with AppSync’s timeout and keeps the connection alive', async () => {
    const client = await connect(publicHeader());
    expect(client.ws.protocol).toBe('graphql-ws');
    client.send({ type: 'connection_init' });
    expect(await client.next()).toEqual({ type: 'connection_ack', payload: { connectionTimeoutMs: 300000 } });
    expect(await client.next()).toEqual({ type: 'ka' });
  });

  it.each(['subprotocol', 'query'] as const)('refuses a forged token sent as %s with connection_error and closes', async (style) => {
    const client = await connect({ host: api.origin, Authorization: `${issuer.sign().slice(0, -6)}AAAAAA` }, style);
    client.send({ type: 'connection_init' });
    const message = await client.next();
    expect(message).toEqual({
      type: 'connection_error',
      payload: { errors: [expect.objectContaining({ errorType: 'UnauthorizedException', message: expect.any(String) })] },
    });
    await client.waitClosed();
  });

  it.each(['subprotocol', 'query'] as const)('refuses an expired token sent as %s', async (style) => {
    const client = await connect(userHeader({ expiresIn: -5 }), style);
    client.send({ type: 'connection_init' });
    expect(await client.next()).toMatchObject({
      type: 'connection_error',
      payload: { errors: [{ errorType: 'UnauthorizedException', message: 'Token has expired.' }] },
    });
    await client.waitClosed();
  });

  it('accepts a valid token the old way (?header=...&payload=e30=) and a wrong public token not at all', async () => {
    const old = await connect(userHeader(), 'query');
    old.send({ type: 'connection_init' });
    expect((await old.next()).type).toBe('connection_ack');

    const wrongKey = await connect({ host: api.origin, authorization: 'fitgauge-public-nope' });
    wrongKey.send({ type: 'connection_init' });
    expect((await wrongKey.next()).type).toBe('connection_error');
  });

  it('answers unknown message types and non-JSON without dropping the connection', async () => {
    const client = await connected(publicHeader());
    client.ws.send('not json');
    expect(await client.next((m) => m.type !== 'ka')).toMatchObject({ type: 'error', payload: { errors: [{ errorType: 'UnsupportedOperation' }] } });
    client.send({ type: 'publish' });
    expect(await client.next((m) => m.type !== 'ka')).toMatchObject({ type: 'error', payload: { errors: [{ errorType: 'UnsupportedOperation' }] } });
    const { reply } = await subscribe(client, ON_NOTE, {}, publicHeader());
    expect(reply.type).toBe('start_ack');
  });
});

describe('subscriptions', () => {
  it('delivers a mutation to subscribers whose arguments match, projected to each subscription’s selection', async () => {
    const alice = await connected(userHeader({ sub: 'alice' }));
    const bob = await connected(publicHeader());

    const b1 = await subscribe(alice, ON_NOTE, { boardId: 'b1' }, userHeader({ sub: 'alice' }));
    expect(b1.reply).toEqual({ type: 'start_ack', id: b1.id });
    const b2 = await subscribe(bob, 'subscription { onNoteAdded(boardId: "b2") { boardId text } }', {}, publicHeader());
    expect(b2.reply.type).toBe('start_ack');
    const all = await subscribe(bob, 'subscription { onNoteAdded { theText: text } }', {}, publicHeader());
    expect(all.reply.type).toBe('start_ack');

    // The subscription's Lambda was called with the subscription's arguments and the caller's identity.
    const startEvent = receivedEvents.filter((e) => e.info.fieldName === 'onNoteAdded').at(-3)!;
    expect(startEvent).toMatchObject({ arguments: { boardId: 'b1' }, identity: { sub: 'alice' }, info: { parentTypeName: 'Subscription' } });

    const first = await addNote('b1', 'first');
    expect(first.body.data.addNote).toMatchObject({ boardId: 'b1', text: 'first' });
    const id1 = first.body.data.addNote.id;
    expect(await alice.next((m) => m.type === 'data')).toEqual({
      type: 'data',
      id: b1.id,
      payload: { data: { onNoteAdded: { id: id1, text: 'first' } } },
    });
    expect(await bob.next((m) => m.type === 'data')).toEqual({ type: 'data', id: all.id, payload: { data: { onNoteAdded: { theText: 'first' } } } });

    await addNote('b2', 'second');
    // bob's b2 subscription hears only the b2 note: its first event is the second mutation.
    expect(await bob.next((m) => m.id === b2.id)).toEqual({
      type: 'data',
      id: b2.id,
      payload: { data: { onNoteAdded: { boardId: 'b2', text: 'second' } } },
    });
    expect((await bob.next((m) => m.id === all.id)).payload.data.onNoteAdded.theText).toBe('second');
    expect(alice.messages.filter((m) => m.type === 'data')).toEqual([]);
  });

  it('stops delivering after stop, answered with complete', async () => {
    const client = await connected(publicHeader());
    const watched = await subscribe(client, ON_NOTE, { boardId: 'b3' }, publicHeader());
    const stopped = await subscribe(client, ON_NOTE, { boardId: 'b3' }, publicHeader());
    client.send({ type: 'stop', id: stopped.id });
    expect(await client.next((m) => m.id === stopped.id)).toEqual({ type: 'complete', id: stopped.id });

    await addNote('b3', 'after stop');
    expect((await client.next((m) => m.type === 'data')).id).toBe(watched.id);
    await addNote('b3', 'again');
    expect((await client.next((m) => m.type === 'data')).id).toBe(watched.id);
  });

  it('sends error for a start the subscription’s Lambda refuses, and delivers nothing to it', async () => {
    const client = await connected(userHeader());
    const { id, reply } = await subscribe(client, ON_NOTE, { boardId: 'forbidden' }, userHeader());
    expect(reply).toEqual({ type: 'error', id, payload: { errors: [{ errorType: 'Unauthorized', message: 'You cannot follow that board.' }] } });

    const everything = await subscribe(client, ON_NOTE, {}, userHeader());
    await addNote('forbidden', 'secret plans');
    expect((await client.next((m) => m.type === 'data')).id).toBe(everything.id);
    expect(client.messages.filter((m) => m.id === id)).toEqual([]);
  });

  it('checks the subscription field’s auth directives against the start message’s credentials', async () => {
    const coach = await connected(userHeader({ groups: ['COACH'] }));
    const denied = await subscribe(coach, 'subscription { onAdminNote { id } }', {}, userHeader({ groups: ['COACH'] }));
    expect(denied.reply).toEqual({
      type: 'error',
      id: denied.id,
      payload: { errors: [{ errorType: 'Unauthorized', message: 'Not Authorized to access onAdminNote on type Subscription' }] },
    });
    const byKey = await subscribe(coach, 'subscription { onAdminNote { id } }', {}, publicHeader());
    expect(byKey.reply.type).toBe('error');

    const admin = await connected(userHeader({ groups: ['ADMIN'] }));
    const allowed = await subscribe(admin, 'subscription { onAdminNote { text author { name } } }', {}, userHeader({ groups: ['ADMIN'] }));
    expect(allowed.reply.type).toBe('start_ack');
    await addNote('b4', 'for admins');
    // author was not selected by the mutation, so it is not published (as in AppSync)
    expect((await admin.next((m) => m.type === 'data')).payload).toEqual({ data: { onAdminNote: { text: 'for admins', author: null } } });
  });

  it('refuses a start whose own token has expired', async () => {
    const client = await connected(userHeader());
    const { id, reply } = await subscribe(client, ON_NOTE, {}, userHeader({ expiresIn: -1 }));
    expect(reply).toEqual({ type: 'error', id, payload: { errors: [{ errorType: 'UnauthorizedException', message: 'Token has expired.' }] } });
  });

  it('refuses queries, broken payloads and unknown fields on the realtime channel', async () => {
    const client = await connected(publicHeader());
    expect((await subscribe(client, '{ anyone { message } }', {}, publicHeader())).reply.payload.errors[0].errorType).toBe('UnsupportedOperation');
    expect((await subscribe(client, 'subscription { nope }', {}, publicHeader())).reply.payload.errors[0].errorType).toBe('ValidationError');
    client.send({ id: 'broken', type: 'start', payload: { data: '{not json' } });
    expect((await client.next((m) => m.id === 'broken')).payload.errors[0].errorType).toBe('MalformedHttpRequestException');
  });
});
