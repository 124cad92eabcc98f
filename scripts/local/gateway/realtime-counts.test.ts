import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, parse } from 'graphql';
import type { Principal } from './auth';
import { createRealtime } from './realtime';
import type { StartRequest } from './subscribe';
import { SubscriptionHub, type Subscriber } from './subscriptions';
import { RealtimeClient } from './test-kit';

// The realtime server alone, with a start whose authorization the test releases when it chooses (the subscription
// Lambda's call in the real gateway): what it holds open must return to zero however clients leave.
const principal: Principal = { mode: 'lambda' };
const releaseStarts: (() => void)[] = [];
let holdStarts = false;
const startSubscription = async ({ id, request, send }: StartRequest): Promise<Subscriber> => {
  if (holdStarts) await new Promise<void>((resolve) => releaseStarts.push(resolve));
  return { id, fieldName: 'onNote', arguments: {}, document: parse('subscription { onNote }'), variables: {}, principal, request, send };
};
const hub = new SubscriptionHub(buildSchema('type Query { a: Int } type Subscription { onNote: Int }'), new Map());
const realtime = createRealtime({ authenticate: async () => principal, hub, startSubscription, keepAliveMs: 30_000 });
const server = createServer();
server.on('upgrade', (req, socket, head) => {
  if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
});
let url: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql/realtime`;
});

afterEach(() => {
  holdStarts = false;
  for (const release of releaseStarts.splice(0)) release();
});

afterAll(async () => {
  await realtime.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function eventually(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function connected() {
  const client = await RealtimeClient.connect(url, { host: 'localhost', authorization: 'any' });
  client.send({ type: 'connection_init' });
  await client.next((message) => message.type === 'connection_ack');
  return client;
}

const start = (client: RealtimeClient, id: string) =>
  client.send({ id, type: 'start', payload: { data: JSON.stringify({ query: 'subscription { onNote }' }) } });

it('counts open sockets and subscriptions, and returns to zero after stops, closes and dropped connections', async () => {
  const clients = await Promise.all(Array.from({ length: 30 }, () => connected()));
  for (const client of clients) {
    start(client, 'kept');
    start(client, 'stopped');
    await client.next((message) => message.id === 'stopped' && message.type === 'start_ack');
    client.send({ id: 'stopped', type: 'stop' });
    await client.next((message) => message.id === 'stopped' && message.type === 'complete');
  }
  expect(realtime.counts()).toEqual({ sockets: 30, subscriptions: 30 });

  clients.forEach((client, index) => (index % 2 === 0 ? client.close() : client.ws.terminate()));
  await eventually(() => realtime.counts().sockets === 0);
  expect(realtime.counts()).toEqual({ sockets: 0, subscriptions: 0 });
});

it('registers nothing for a start still being authorized when its client leaves', async () => {
  holdStarts = true;
  const client = await connected();
  start(client, 'late');
  await eventually(() => releaseStarts.length === 1);
  client.ws.terminate();
  await eventually(() => realtime.counts().sockets === 0);

  for (const release of releaseStarts.splice(0)) release();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(realtime.counts()).toEqual({ sockets: 0, subscriptions: 0 });
});
