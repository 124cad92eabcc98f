/**
 * The demo billing (docs/local-mode.md): Night Owls and Iron Wolves bought in the Stripe stand-in by the director
 * (card 4242; Night Owls yearly with WELCOME20), their records written by the same code the webhooks run; Sleepy
 * Sloths' payment expired; gamer6 to gamer8 redeemed WELCOME20; a spread of other payments for the admin pages.
 */
import { subscriptionConfigById, dashboardLookupKey } from '@core/billing/plans';
import { couponPayment, COUPON_SUBSCRIPTION_REASON } from '../../lambdas/billing/coupons';
import { productionDeps } from '../../lambdas/billing/deps';
import { applySubscriptionState, metadataOf, stateOf } from '../../lambdas/billing/subscription-state';
import { dynamoBillingStore, type PaymentRecord } from '../../lambdas/lib/stores/billing-store';
import { dynamoSubscriptionStore } from '../../lambdas/lib/stores/subscription-store';
import { stripeClient } from '../../lambdas/lib/stripe';
import type Stripe from 'stripe';
import { DEMO_COUPON_REDEEMERS, DEMO_PAYMENTS, DEMO_SPREAD_COUPON, DEMO_SUBSCRIPTION_PRODUCT, demoTeams, type DemoTeam } from './demo-data';

const DAY_MS = 24 * 3600 * 1000;

export async function seedDemoBilling(userIds: Record<string, string>, now: Date): Promise<void> {
  const at = now.toISOString();
  for (const team of demoTeams) {
    if (team.plan) await buyPlan(team, userIds[team.ownerEmail]);
  }
  for (const team of demoTeams.filter((candidate) => candidate.subscriptionExpired)) {
    await dynamoBillingStore.addPayment(
      payment(userIds[team.ownerEmail], `demo-${team.id}`, 'card', 'expired', 'monthly', new Date(now.getTime() - 33 * DAY_MS), { teamId: team.id }),
    );
  }
  for (const email of DEMO_COUPON_REDEEMERS.emails) {
    await dynamoBillingStore.setSubscriptionReason(userIds[email], COUPON_SUBSCRIPTION_REASON, at);
    await dynamoBillingStore.addPayment(couponPayment(userIds[email], DEMO_COUPON_REDEEMERS.coupon, at));
  }
  for (const [i, spec] of DEMO_PAYMENTS.entries()) {
    const createdAt = new Date(now.getTime() - (spec.monthsAgo * 30 + i) * DAY_MS);
    await dynamoBillingStore.addPayment(payment(userIds[spec.email], `demo-payment-${i + 1}`, spec.method, spec.status, spec.frequency, createdAt));
  }
}

function payment(
  userId: string,
  id: string,
  method: PaymentRecord['method'],
  status: PaymentRecord['status'],
  frequency: 'monthly' | 'yearly',
  createdAt: Date,
  extra: Partial<PaymentRecord> = {},
): PaymentRecord {
  const config = subscriptionConfigById(frequency === 'yearly' ? 'coach-performance-yearly' : 'coach-performance-monthly')!;
  const ends = new Date(createdAt.getTime() + (frequency === 'yearly' ? 365 : 30) * DAY_MS);
  return {
    id,
    userId,
    subscriptionConfigId: config.id,
    productName: DEMO_SUBSCRIPTION_PRODUCT,
    productPrice: frequency === 'yearly' ? config.price.yearly : config.price.monthly,
    productId: null,
    paymentFrequency: frequency,
    subscriptionId: null,
    status,
    method,
    endTrialAt: null,
    endSubscriptionAt: status === 'canceled' ? createdAt.toISOString() : ends.toISOString(),
    // The spread's coupon payments use FULLPASS, so the WELCOME20 reports list exactly the redeemers above.
    coupon: method === 'coupon' ? DEMO_SPREAD_COUPON : null,
    teamId: null,
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    ...extra,
  };
}

/** The owner's customer with card 4242 as default, made once (found again by e-mail after a cut-short seed). */
async function ownerCustomer(userId: string): Promise<string> {
  const known = await dynamoBillingStore.customerOf(userId);
  if (known) return known;
  const stripe = await stripeClient();
  const owner = await productionDeps.users.get(userId);
  const made = (await stripe.customers.list({ email: owner?.email, limit: 100 })).data.find((customer) => customer.metadata.userId === userId);
  const customer = made ?? (await stripe.customers.create({ email: owner?.email, name: owner?.fullName ?? undefined, metadata: { userId } }));
  if (!customer.invoice_settings.default_payment_method) {
    const card = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
    await stripe.paymentMethods.attach(card.id, { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } });
  }
  return dynamoBillingStore.claimCustomer(userId, customer.id, new Date().toISOString());
}

/**
 * The team's subscription bought as a director would, then recorded as the webhooks record it. A subscription bought
 * by a seed that stopped before recording it is recorded, not bought twice.
 */
async function buyPlan(team: DemoTeam, ownerId: string): Promise<void> {
  if (!team.plan || (await dynamoSubscriptionStore.teamSubscription(team.id))) return;
  const stripe = await stripeClient();
  const customer = await ownerCustomer(ownerId);
  const bought = (await stripe.subscriptions.list({ customer, status: 'all', limit: 100 })).data.find(
    (subscription) => subscription.metadata.teamId === team.id,
  );
  const subscription = bought ?? (await subscribe(stripe, team.plan, customer, ownerId, team.id));
  const state = stateOf(subscription, Math.floor(Date.now() / 1000));
  if (state) await applySubscriptionState(state, productionDeps);
}

async function subscribe(stripe: Stripe, plan: NonNullable<DemoTeam['plan']>, customer: string, ownerId: string, teamId: string) {
  const config = subscriptionConfigById(plan.configId)!;
  const [price] = (await stripe.prices.list({ lookup_keys: [dashboardLookupKey(config)], limit: 1 })).data;
  const promotionCode = plan.coupon ? (await stripe.promotionCodes.list({ code: plan.coupon, limit: 1 })).data[0] : undefined;
  return stripe.subscriptions.create({
    customer,
    items: [{ price: price.id }],
    payment_behavior: 'allow_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    ...(promotionCode ? { discounts: [{ promotion_code: promotionCode.id }] } : {}),
    metadata: metadataOf({ userId: ownerId, kind: 'dashboard', configId: config.id, teamId, coupon: plan.coupon }),
  });
}
