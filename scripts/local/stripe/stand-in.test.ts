/**
 * Contract tests: the unmodified `stripe` client (as lambdas/lib/stripe.ts builds it) against the local stand-in,
 * with webhooks received by a real HTTP endpoint and verified with constructEvent as the app will.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { stripeClient, stripeWebhookSecret } from '../../../lambdas/lib/stripe';
import { LOCAL_PRICE_IDS } from './catalogue';
import { CLOCK_ADVANCE_PATH, LOCAL_STRIPE_PUBLISHABLE_KEY, LOCAL_STRIPE_SECRET_KEY, startStripeStandIn, type StripeStandIn } from './server';

/** The stack generates one per data folder; this suite makes its own. */
const LOCAL_STRIPE_WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;

const DAY = 86_400;
const card = (number: string) => ({ type: 'card' as const, card: { number, exp_month: 12, exp_year: 2040, cvc: '123' } });
const CARDS = { succeeds: '4242 4242 4242 4242', authenticates: '4000 0025 0000 3155', declined: '4000 0000 0000 0002' };

interface Delivery {
  body: string;
  signature: string;
}

/** The app's side of webhooks: every delivery, kept raw for signature checks. */
function webhookReceiver(): Promise<{ url: string; deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']) });
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/webhook`, deliveries, server }),
    ),
  );
}

describe('local Stripe stand-in with the real stripe client', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    receiver = await webhookReceiver();
    standIn = await startStripeStandIn({
      port: 0,
      dataFile: null,
      webhook: { url: receiver.url, secret: LOCAL_STRIPE_WEBHOOK_SECRET },
      log: () => {},
    });
    Object.assign(process.env, {
      STRIPE_API_URL: standIn.url,
      STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
    });
    stripe = await stripeClient();
  });

  afterAll(async () => {
    await standIn.stop();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  /** Events delivered so far, verified as the app verifies them. */
  async function eventsFor(objectId: string): Promise<Stripe.Event[]> {
    await standIn.webhooksSettled();
    const secret = await stripeWebhookSecret();
    return receiver.deliveries
      .map((delivery) => stripe.webhooks.constructEvent(delivery.body, delivery.signature, secret))
      .filter((event) => JSON.stringify(event.data.object).includes(objectId));
  }
  const types = async (objectId: string) => (await eventsFor(objectId)).map((event) => event.type);

  async function customerWithCard(number: string) {
    const customer = await stripe.customers.create({ email: `buyer-${Date.now()}-${Math.random()}@fitgauge.test` });
    const method = await stripe.paymentMethods.create(card(number));
    return { customer, method };
  }

  async function subscribe(
    customerId: string,
    price: string = LOCAL_PRICE_IDS.dashboardYearly,
    extra: Partial<Stripe.SubscriptionCreateParams> = {},
  ) {
    const subscription = await stripe.subscriptions.create({
      customer: customerId,
      items: [{ price, quantity: 1 }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
      ...extra,
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const intentId = invoice.payments?.data[0]?.payment.payment_intent as string | undefined;
    return { subscription, invoice, intentId };
  }

  async function paidSubscription(price: string = LOCAL_PRICE_IDS.dashboardMonthly) {
    const { customer, method } = await customerWithCard(CARDS.succeeds);
    const { subscription, intentId } = await subscribe(customer.id, price);
    await stripe.paymentIntents.confirm(intentId!, { payment_method: method.id });
    return { customer, subscription: await stripe.subscriptions.retrieve(subscription.id) };
  }

  /** What the local `window.Stripe` sends from the browser: a form with the publishable key, no Authorization header. */
  const fromBrowser = async (path: string, fields: Record<string, string>, key = LOCAL_STRIPE_PUBLISHABLE_KEY) => {
    const response = await fetch(`${standIn.url}${path}`, { method: 'POST', body: new URLSearchParams({ key, ...fields }) });
    return {
      status: response.status,
      cors: response.headers.get('access-control-allow-origin'),
      body: (await response.json()) as Record<string, any>,
    };
  };
  const typedCard = (number: string) => ({
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2040',
    'payment_method_data[card][cvc]': '123',
  });

  it("lets the browser confirm a payment with the publishable key and the intent's client secret, and nothing else", async () => {
    const { customer } = await customerWithCard(CARDS.succeeds);
    const { invoice, intentId } = await subscribe(customer.id);
    const clientSecret = invoice.confirmation_secret!.client_secret;
    const confirm = `/v1/payment_intents/${intentId}/confirm`;

    expect((await fromBrowser(confirm, { client_secret: `${intentId}_secret_wrong`, ...typedCard(CARDS.succeeds) })).status).toBe(401);
    expect((await fromBrowser(confirm, { client_secret: clientSecret, ...typedCard(CARDS.succeeds) }, 'pk_test_someoneElse')).status).toBe(401);
    expect((await fromBrowser('/v1/customers', { client_secret: clientSecret, email: 'x@fitgauge.test' })).status).toBe(401);
    expect((await stripe.paymentIntents.retrieve(intentId!)).status).toBe('requires_payment_method');

    const declined = await fromBrowser(confirm, { client_secret: clientSecret, ...typedCard(CARDS.declined) });
    expect(declined).toMatchObject({ status: 402, cors: '*', body: { error: { type: 'card_error', code: 'card_declined' } } });
    const paid = await fromBrowser(confirm, { client_secret: clientSecret, ...typedCard(CARDS.succeeds) });
    expect(paid).toMatchObject({ status: 200, cors: '*', body: { id: intentId, status: 'succeeded' } });
  });

  it('keeps customers: create, retrieve, update, search and list by e-mail', async () => {
    const created = await stripe.customers.create({ email: 'dana@fitgauge.test', name: 'Dana', metadata: { userId: 'u-1' } });
    expect(created.id).toMatch(/^cus_/);
    expect(created.object).toBe('customer');
    await stripe.customers.update(created.id, { name: 'Dana Director' });
    expect((await stripe.customers.retrieve(created.id)) as Stripe.Customer).toMatchObject({
      name: 'Dana Director',
      email: 'dana@fitgauge.test',
      metadata: { userId: 'u-1' },
    });
    const searched = await stripe.customers.search({ query: "email:'dana@fitgauge.test'" });
    expect(searched.data.map((customer) => customer.id)).toEqual([created.id]);
    const bySearchMetadata = await stripe.customers.search({ query: "metadata['userId']:'u-1'" });
    expect(bySearchMetadata.data.map((customer) => customer.id)).toEqual([created.id]);
    const listed = await stripe.customers.list({ email: 'dana@fitgauge.test' });
    expect(listed).toMatchObject({ object: 'list', has_more: false });
    expect(listed.data.map((customer) => customer.id)).toEqual([created.id]);
  });

  it("answers a missing object with Stripe's 404 error and a wrong key with 401", async () => {
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    const stranger = new Stripe('sk_test_wrong', { host: standIn.host, port: standIn.port, protocol: 'http' });
    await expect(stranger.customers.list()).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });

  it('refuses parameters Stripe does not know, as Stripe would', async () => {
    const customer = await stripe.customers.create({});
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: LOCAL_PRICE_IDS.dashboardMonthly }],
        coupon: 'WELCOME20',
      } as Stripe.SubscriptionCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'coupon' });
  });

  it('holds the plan prices by lookup key and the coupons as promotion codes', async () => {
    const prices = await stripe.prices.list({
      lookup_keys: ['team_dashboard_monthly', 'team_dashboard_yearly', 'extra_gamer_seat_monthly'],
      expand: ['data.product'],
    });
    expect(
      prices.data.map((price) => [price.lookup_key, price.unit_amount, price.recurring?.interval, (price.product as Stripe.Product).name]).sort(),
    ).toEqual([
      ['extra_gamer_seat_monthly', 999, 'month', 'Extra Gamer Seat'],
      ['team_dashboard_monthly', 3999, 'month', 'Team Dashboard'],
      ['team_dashboard_yearly', 39999, 'year', 'Team Dashboard'],
    ]);
    const [welcome] = (await stripe.promotionCodes.list({ code: 'welcome20', active: true })).data;
    expect(welcome.promotion.coupon).toBe('WELCOME20');
    expect(await stripe.coupons.retrieve('FULLPASS')).toMatchObject({ percent_off: 100, valid: true });
  });

  it('subscribes with 4242: a client secret, then active with the card saved and invoice.paid sent', async () => {
    const { customer, method } = await customerWithCard(CARDS.succeeds);
    const { subscription, invoice, intentId } = await subscribe(customer.id);
    expect(subscription).toMatchObject({ object: 'subscription', status: 'incomplete' });
    expect(invoice).toMatchObject({ amount_due: 39999, status: 'open' });
    expect(invoice.confirmation_secret?.client_secret).toMatch(new RegExp(`^${intentId}_secret_`));

    const intent = await stripe.paymentIntents.confirm(intentId!, { payment_method: method.id });
    expect(intent.status).toBe('succeeded');
    const active = await stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
    expect(active.status).toBe('active');
    expect((active.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
    expect(active.items.data[0].current_period_end - active.items.data[0].current_period_start).toBeGreaterThanOrEqual(365 * DAY);
    expect(await types(subscription.id)).toEqual(
      expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'customer.subscription.updated']),
    );
    const updated = (await eventsFor(subscription.id)).find(
      (event) => event.type === 'customer.subscription.updated' && (event.data.object as Stripe.Subscription).status === 'active',
    );
    expect(updated?.data.previous_attributes).toMatchObject({ status: 'incomplete' });
  });

  it('asks for authentication with 4000 0025 0000 3155, and pays once the customer completes it', async () => {
    const { customer, method } = await customerWithCard(CARDS.authenticates);
    const { subscription, intentId } = await subscribe(customer.id);
    const intent = await stripe.paymentIntents.confirm(intentId!, { payment_method: method.id });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action?.type).toBe('use_stripe_sdk');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete');

    const page = await fetch(`${standIn.url}/_stand-in/authenticate/${intentId}`);
    expect(await page.text()).toContain('Complete authentication');
    const completed = await fetch(`${standIn.url}/_stand-in/authenticate/${intentId}`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'complete' }),
    });
    expect(completed.status).toBe(200);
    expect((await stripe.paymentIntents.retrieve(intentId!)).status).toBe('succeeded');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('declines 4000 0000 0000 0002 with a card error, sends invoice.payment_failed and leaves the subscription incomplete', async () => {
    const { customer, method } = await customerWithCard(CARDS.declined);
    const { subscription, invoice, intentId } = await subscribe(customer.id);
    await expect(stripe.paymentIntents.confirm(intentId!, { payment_method: method.id })).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect((await stripe.paymentIntents.retrieve(intentId!)).status).toBe('requires_payment_method');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete');
    expect((await eventsFor(invoice.id)).map((event) => event.type)).toContain('invoice.payment_failed');
  });

  it('makes FULLPASS (100%) due 0 and active at once; WELCOME20 takes 20% off', async () => {
    const { customer } = await customerWithCard(CARDS.succeeds);
    const full = await subscribe(customer.id, LOCAL_PRICE_IDS.dashboardYearly, { discounts: [{ promotion_code: 'promo_FULLPASS' }] });
    expect(full.subscription.status).toBe('active');
    expect(full.invoice).toMatchObject({ amount_due: 0, status: 'paid' });
    expect(full.invoice.confirmation_secret).toBeNull();
    expect(full.intentId).toBeUndefined();

    const welcome = await subscribe(customer.id, LOCAL_PRICE_IDS.dashboardMonthly, {
      discounts: [{ coupon: 'WELCOME20' }],
      expand: ['latest_invoice', 'discounts'],
    });
    expect((welcome.subscription.latest_invoice as Stripe.Invoice).amount_due).toBe(3199);
    expect((welcome.subscription.discounts[0] as Stripe.Discount).source.coupon).toBe('WELCOME20');
    await expect(subscribe(customer.id, LOCAL_PRICE_IDS.dashboardMonthly, { discounts: [{ coupon: 'NOPE' }] })).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('changes the seat quantity, reports it, and charges the proration at once with always_invoice', async () => {
    const { subscription } = await paidSubscription(LOCAL_PRICE_IDS.extraGamerSeatMonthly);
    const [item] = subscription.items.data;
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: 3 }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    expect(updated.items.data[0].quantity).toBe(3);
    const proration = updated.latest_invoice as Stripe.Invoice;
    expect(proration).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    // Two more seats for (nearly) the whole month.
    expect(proration.amount_paid).toBeGreaterThan(1990);
    expect(proration.amount_paid).toBeLessThanOrEqual(1998);
    const seatChange = (await eventsFor(subscription.id)).find(
      (event) => event.type === 'customer.subscription.updated' && (event.data.previous_attributes as any)?.items,
    );
    expect((seatChange?.data.previous_attributes as any).items.data[0].quantity).toBe(1);

    const fewer = await stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, quantity: 2 }], proration_behavior: 'none' });
    expect(fewer.items.data[0].quantity).toBe(2);
  });

  it('cancels: status canceled, customer.subscription.deleted sent, and left out of the default list', async () => {
    const { customer, subscription } = await paidSubscription();
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'cancellation_requested' } });
    expect(await types(subscription.id)).toContain('customer.subscription.deleted');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data.map((s) => s.id)).toEqual([subscription.id]);
  });

  it('signs webhooks so constructEvent accepts them, and a tampered payload or another secret fails', async () => {
    const { subscription } = await paidSubscription();
    await standIn.webhooksSettled();
    const delivery = receiver.deliveries.find((candidate) => candidate.body.includes(subscription.id))!;
    expect(stripe.webhooks.constructEvent(delivery.body, delivery.signature, LOCAL_STRIPE_WEBHOOK_SECRET).id).toMatch(/^evt_/);
    const tampered = delivery.body.replace('"livemode": false', '"livemode": true');
    expect(tampered).not.toBe(delivery.body);
    expect(() => stripe.webhooks.constructEvent(tampered, delivery.signature, LOCAL_STRIPE_WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('renews at period end when the clock advances: invoice.paid for the new period', async () => {
    const { subscription } = await paidSubscription();
    const firstEnd = subscription.items.data[0].current_period_end;
    const response = await fetch(`${standIn.url}${CLOCK_ADVANCE_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` },
      body: new URLSearchParams({ seconds: String(32 * DAY) }),
    });
    expect(response.status).toBe(200);
    const renewed = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0].current_period_start).toBe(firstEnd);
    expect(renewed.latest_invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 3999 });
    const renewal = (await eventsFor(subscription.id)).filter((event) => event.type === 'invoice.paid').at(-1)!;
    expect((renewal.data.object as Stripe.Invoice).period_start).toBe(firstEnd);
  });

  it('ends a subscription canceled at period end when the period is over (customer.subscription.deleted)', async () => {
    const { subscription } = await paidSubscription();
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    standIn.advanceClock(32 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    expect(await types(subscription.id)).toContain('customer.subscription.deleted');
  });

  it('fails a renewal without a card (past_due, invoice.payment_failed), then cancels it after the retries', async () => {
    const customer = await stripe.customers.create({});
    const { subscription } = await subscribe(customer.id, LOCAL_PRICE_IDS.dashboardMonthly, { trial_period_days: 7 });
    expect(subscription.status).toBe('trialing');
    standIn.advanceClock(5 * DAY);
    expect(await types(subscription.id)).toContain('customer.subscription.trial_will_end');
    standIn.advanceClock(3 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    expect(await types(subscription.id)).toContain('invoice.payment_failed');
    standIn.advanceClock(15 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    expect(await types(subscription.id)).toContain('customer.subscription.deleted');
  });

  it('saves a card with a setup intent and lists it with its last four digits', async () => {
    const { customer, method } = await customerWithCard(CARDS.succeeds);
    const setup = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'] });
    expect(setup.client_secret).toMatch(/^seti_.+_secret_/);
    expect((await stripe.setupIntents.confirm(setup.id, { payment_method: method.id })).status).toBe('succeeded');
    const cards = await stripe.customers.listPaymentMethods(customer.id);
    expect(cards.data.map((saved) => saved.card?.last4)).toEqual(['4242']);
    const declined = await stripe.paymentMethods.create(card(CARDS.declined));
    const second = await stripe.setupIntents.create({ customer: customer.id });
    await expect(stripe.setupIntents.confirm(second.id, { payment_method: declined.id })).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
    });
  });

  it('opens a billing-portal page where the customer can cancel at period end', async () => {
    const { customer, subscription } = await paidSubscription();
    const session = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:5173/home/manager-portal' });
    expect(session).toMatchObject({ object: 'billing_portal.session', return_url: 'http://localhost:5173/home/manager-portal' });
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('Team Dashboard');
    expect(page).toContain('•••• 4242');
    expect(page).toContain('Return to FitGauge');
    const cancel = await fetch(`${session.url}/subscriptions/${subscription.id}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(session.url)).text()).toContain('Renew subscription');
    expect((await fetch(`${standIn.url}/p/session/not-a-session`)).status).toBe(404);
  });

  it('replays a retried request with the same idempotency key instead of doing it twice', async () => {
    const first = await stripe.customers.create({ email: 'once@fitgauge.test' }, { idempotencyKey: 'create-once' });
    const again = await stripe.customers.create({ email: 'once@fitgauge.test' }, { idempotencyKey: 'create-once' });
    expect(again.id).toBe(first.id);
    await expect(stripe.customers.create({ email: 'other@fitgauge.test' }, { idempotencyKey: 'create-once' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });
});

describe('local Stripe stand-in with a data file', () => {
  it('keeps customers, subscriptions and its clock across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fg-stripe-'));
    const dataFile = join(dir, 'stripe.json');
    try {
      const first = await startStripeStandIn({ port: 0, dataFile, webhook: null, log: () => {} });
      const client = (standIn: StripeStandIn) => new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: standIn.host, port: standIn.port, protocol: 'http' });
      const customer = await client(first).customers.create({ email: 'kept@fitgauge.test' });
      const subscription = await client(first).subscriptions.create({
        customer: customer.id,
        items: [{ price: LOCAL_PRICE_IDS.dashboardYearly }],
        discounts: [{ coupon: 'FULLPASS' }],
      });
      first.advanceClock(10 * DAY);
      const clock = first.now();
      await first.stop();

      // A data folder from before the stand-in kept portal settings gets them on the next start.
      const stored = JSON.parse(await readFile(dataFile, 'utf8')) as { objects: Record<string, unknown> };
      delete stored.objects.bpc_local;
      await writeFile(dataFile, JSON.stringify(stored));

      const second = await startStripeStandIn({ port: 0, dataFile, webhook: null, log: () => {} });
      try {
        expect((await client(second).billingPortal.sessions.create({ customer: customer.id })).configuration).toBe('bpc_local');
        expect(((await client(second).customers.retrieve(customer.id)) as Stripe.Customer).email).toBe('kept@fitgauge.test');
        expect((await client(second).subscriptions.retrieve(subscription.id)).status).toBe('active');
        expect(second.now()).toBeGreaterThanOrEqual(clock);
        expect(second.now() - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(10 * DAY - 5);
        expect((await client(second).coupons.retrieve('FULLPASS')).times_redeemed).toBe(1);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
