/** The stand-in's webhook retries: Stripe's backoff on the stand-in's clock, and pending events kept across a restart. */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RETRY_DELAYS_S, WebhookSender } from './webhooks';

/** An endpoint that answers `status` until told otherwise, and records the event ids it accepted. */
async function endpoint(): Promise<{ url: string; accepted: string[]; attempts: number; status: number; server: Server }> {
  const state = { url: '', accepted: [] as string[], attempts: 0, status: 500, server: createServer() };
  state.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.attempts += 1;
      if (state.status === 200) state.accepted.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id);
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as { port: number }).port}/webhook`;
  return state;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('webhook retries', () => {
  let dir: string;
  let receiver: Awaited<ReturnType<typeof endpoint>>;
  let clock = 1_800_000_000;
  const senders: WebhookSender[] = [];
  /** The sender logs each failed attempt once its retry is scheduled. */
  let failures: string[] = [];
  const sender = (held = false) => {
    const made = new WebhookSender(
      { url: receiver.url, secret: 'whsec_test' },
      (line) => failures.push(line),
      () => clock,
      join(dir, 'stripe-webhooks.json'),
      undefined,
      held,
    );
    senders.push(made);
    return made;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fg-webhooks-'));
    receiver = await endpoint();
    failures = [];
  });
  afterEach(async () => {
    for (const made of senders.splice(0)) made.stop();
    await new Promise((resolve) => receiver.server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it("follows Stripe's live-mode shape: exponential, the last retry about three days after the first try", () => {
    expect(RETRY_DELAYS_S.slice(0, 3)).toEqual([60, 120, 240]);
    const total = RETRY_DELAYS_S.reduce((sum, delay) => sum + delay, 0);
    expect(total / 86_400).toBeGreaterThan(2.5);
    expect(total / 86_400).toBeLessThanOrEqual(3);
  });

  it('keeps events sent while held until released, then delivers them in order at the first attempt', async () => {
    receiver.status = 200;
    const webhooks = sender(true);
    webhooks.send({ id: 'evt_seeded', type: 'customer.subscription.created' });
    webhooks.send({ id: 'evt_paid', type: 'invoice.paid' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.attempts).toBe(0);
    webhooks.release();
    await webhooks.settled();
    expect({ accepted: receiver.accepted, attempts: receiver.attempts, failures }).toEqual({
      accepted: ['evt_seeded', 'evt_paid'],
      attempts: 2,
      failures: [],
    });
  });

  it('retries a failed delivery when its backoff has passed, and keeps later events behind it', async () => {
    const webhooks = sender();
    webhooks.send({ id: 'evt_first', type: 'invoice.paid' });
    webhooks.send({ id: 'evt_second', type: 'invoice.paid' });
    await until(() => failures.length === 1);
    receiver.status = 200;
    clock += 59;
    webhooks.clockMoved();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.attempts).toBe(1);
    expect(failures[0]).toMatch(/evt_first.*HTTP 500.*retry 1 in 60 s/);
    clock += 1;
    webhooks.clockMoved();
    await webhooks.settled();
    expect(receiver.accepted).toEqual(['evt_first', 'evt_second']);
  });

  it('keeps undelivered events across a restart and delivers them once the endpoint answers', async () => {
    const before = sender();
    before.send({ id: 'evt_kept', type: 'customer.subscription.created' });
    await until(() => failures.length === 1);
    before.stop();
    receiver.status = 200;
    clock += RETRY_DELAYS_S[0];
    const after = sender();
    await after.settled();
    expect(receiver.accepted).toEqual(['evt_kept']);
  });
});
