/**
 * The Stripe stand-in as the local stack wires it: the Lambdas' environment points the real stripe client at it,
 * with the plan's prices and coupons there, and its clock control answers with the local secret key only.
 */
import Stripe from 'stripe';
import { CLOCK_ADVANCE_PATH } from '../../scripts/local/stripe/server';
import { stripeEndpoint } from '../../lambdas/lib/stripe';
import { stackInfo } from '../support/stack';

describe('local stack: Stripe stand-in', () => {
  const { env, urls } = stackInfo();
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, stripeEndpoint(env.STRIPE_API_URL));

  it("is where the Lambdas' stripe client goes, with the plan prices and coupons", async () => {
    expect(env.STRIPE_API_URL).toBe(urls.stripe);
    const prices = await stripe.prices.list({ lookup_keys: ['team_dashboard_monthly', 'team_dashboard_yearly'] });
    expect(prices.data.map((price) => price.unit_amount).sort()).toEqual([3999, 39999]);
    expect((await stripe.promotionCodes.list({ code: 'FULLPASS' })).data).toHaveLength(1);
    expect(env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
  });

  it('advances its clock for the local secret key only', async () => {
    const advance = (key: string) =>
      fetch(`${urls.stripe}${CLOCK_ADVANCE_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: new URLSearchParams({ seconds: '60' }),
      });
    expect((await advance('sk_test_someone_else')).status).toBe(401);
    const advanced = await advance(env.STRIPE_SECRET_KEY);
    expect(advanced.status).toBe(200);
    expect((await advanced.json()).now).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 59);
  });
});
