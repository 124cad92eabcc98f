/**
 * `npm run stripe:catalogue` with the real `stripe` client against the local stand-in started as a new Stripe account:
 * the first run creates the catalogue and the portal settings, the second changes nothing; a price that differs from
 * core/billing/plans.ts is replaced (lookup key transferred), and --verify reports without changing anything.
 */
import type Stripe from 'stripe';
import { PRICE_LOOKUP_KEYS, STRIPE_CATALOGUE, TEAM_PLAN } from '@core/billing/plans';
import { LOCAL_STRIPE_SECRET_KEY, startStripeStandIn, type StripeStandIn } from './local/stripe/server';
import { catalogueInPlace, catalogueStripe, formatCatalogue, syncStripeCatalogue, type CatalogueItem } from './stripe-catalogue';

let standIn: StripeStandIn;
let stripe: Stripe;

beforeEach(async () => {
  standIn = await startStripeStandIn({ port: 0, dataFile: null, webhook: null, seedCatalogue: false, log: () => {} });
  stripe = catalogueStripe(LOCAL_STRIPE_SECRET_KEY, standIn.url);
});
afterEach(() => standIn.stop());

const statuses = (items: CatalogueItem[]) => Object.fromEntries(items.map((item) => [item.item, item.status]));
const allPrices = STRIPE_CATALOGUE.flatMap((product) => product.prices);

it('creates the catalogue and the portal settings on a new account, then verifies them and changes nothing', async () => {
  expect(catalogueInPlace(await syncStripeCatalogue(stripe, 'verify'))).toBe(false);
  const first = await syncStripeCatalogue(stripe, 'apply');
  expect(statuses(first)).toEqual({
    ...Object.fromEntries(allPrices.map((price) => [`price ${price.lookupKey}`, 'created'])),
    'customer portal settings': 'created',
  });
  const second = await syncStripeCatalogue(stripe, 'apply');
  expect(new Set(second.map((item) => item.status))).toEqual(new Set(['verified']));
  expect(formatCatalogue(second)).toContain(`verified price ${PRICE_LOOKUP_KEYS.dashboardMonthly}: 39.99 USD / month`);

  // What the Lambdas read: one active price per lookup key, the two dashboard prices on one product.
  const prices = (await stripe.prices.list({ lookup_keys: allPrices.map((price) => price.lookupKey), active: true })).data;
  expect(prices.map((price) => [price.lookup_key, price.unit_amount, price.recurring?.interval]).sort()).toEqual(
    allPrices.map((price) => [price.lookupKey, price.unitAmount, price.interval]).sort(),
  );
  expect((await stripe.products.list()).data.map((product) => product.name).sort()).toEqual(
    STRIPE_CATALOGUE.map((product) => product.productName).sort(),
  );
  const [portal] = (await stripe.billingPortal.configurations.list({ is_default: true })).data;
  expect(portal.features).toMatchObject({ subscription_cancel: { enabled: true, mode: 'at_period_end' }, payment_method_update: { enabled: true } });
  // A portal session now works (it uses the default settings).
  const customer = await stripe.customers.create({ email: 'payer@example.com' });
  expect((await stripe.billingPortal.sessions.create({ customer: customer.id })).configuration).toBe(portal.id);
});

it('replaces a price whose amount differs from the source, transferring its lookup key, and reports a mismatch under --verify', async () => {
  const product = await stripe.products.create({ name: TEAM_PLAN.productName });
  const stale = await stripe.prices.create({
    product: product.id,
    unit_amount: 2999,
    currency: 'usd',
    recurring: { interval: 'month' },
    lookup_key: PRICE_LOOKUP_KEYS.dashboardMonthly,
  });
  await stripe.billingPortal.configurations.create({
    features: { invoice_history: { enabled: true }, subscription_cancel: { enabled: true, mode: 'immediately' } },
  });

  const checked = await syncStripeCatalogue(stripe, 'verify');
  expect(statuses(checked)[`price ${PRICE_LOOKUP_KEYS.dashboardMonthly}`]).toBe('mismatch');
  expect(checked.find((item) => item.status === 'mismatch')?.message).toContain(
    `${stale.id} is 29.99 USD / month, the source says 39.99 USD / month`,
  );
  expect(statuses(checked)['customer portal settings']).toBe('mismatch');
  expect((await stripe.prices.retrieve(stale.id)).lookup_key).toBe(PRICE_LOOKUP_KEYS.dashboardMonthly); // verify changed nothing

  const applied = await syncStripeCatalogue(stripe, 'apply');
  expect(statuses(applied)).toMatchObject({
    [`price ${PRICE_LOOKUP_KEYS.dashboardMonthly}`]: 'replaced',
    [`price ${PRICE_LOOKUP_KEYS.dashboardYearly}`]: 'created',
    'customer portal settings': 'updated',
  });
  expect(applied.find((item) => item.status === 'replaced')?.message).toContain('the lookup key (transferred)');
  const [current] = (await stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEYS.dashboardMonthly], active: true })).data;
  expect(current).toMatchObject({ unit_amount: TEAM_PLAN.monthlyPriceCents, product: product.id });
  expect(await stripe.prices.retrieve(stale.id)).toMatchObject({ lookup_key: null, active: false });
  // The yearly price joined the existing product rather than a second "Team Dashboard".
  expect((await stripe.products.list()).data.filter((item) => item.name === TEAM_PLAN.productName)).toHaveLength(1);
  expect(catalogueInPlace(await syncStripeCatalogue(stripe, 'verify'))).toBe(true);
});
