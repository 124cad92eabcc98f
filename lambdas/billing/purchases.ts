/** Purchases, trials, cancellations and saved cards (docs/billing.md). */
import type Stripe from 'stripe';
import {
  dashboardLookupKey,
  EXTRA_GAMER_SEAT_PRODUCT_ID,
  needsDashboardPrompt,
  PRICE_LOOKUP_KEYS,
  subscriptionConfigById,
  TRIAL_DAYS,
} from '@core/billing/plans';
import { EMAIL_NOT_PROVEN, EMAIL_PROOF_MESSAGES } from '@core/email-proof';
import { isDirector } from '@core/roles';
import type { upgradeSubscriptionArgsSchema } from '@core/billing/validation';
import type { z } from 'zod';
import type { Caller } from '../lib/appsync';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { billSeatQuantity } from '../lib/seat-billing';
import type { TeamRecord } from '../lib/stores/team-store';
import { requireCoupon } from './coupons';
import type { BillingDeps } from './deps';
import { applySubscriptionState, metadataOf, stateOf, type SubscriptionMetadata } from './subscription-state';

const RUNNING = new Set(['active', 'trialing']);
const ENDED = new Set(['canceled', 'incomplete_expired']);
const NO_SAVED_CARD = 'There is no saved card to pay with. Please enter a card.';

/** What upgradeSubscription answers (docs/billing.md, "Operations"). */
interface UpgradeResult {
  subscriptionId: string;
  clientSecret: string | null;
  amountDue: number;
  status: string;
}

/** The caller's Stripe customer, made on the first purchase (one per account, even for parallel first purchases). */
async function customerFor(caller: Caller, stripe: Stripe, deps: BillingDeps): Promise<string> {
  const known = await deps.billing.customerOf(caller.sub);
  if (known) return known;
  const user = await deps.users.get(caller.sub);
  const customer = await stripe.customers.create(
    { email: user?.email ?? caller.email ?? undefined, name: user?.fullName ?? undefined, metadata: { userId: caller.sub } },
    { idempotencyKey: `customer-${caller.sub}` },
  );
  return deps.billing.claimCustomer(caller.sub, customer.id, deps.now().toISOString());
}

async function priceId(stripe: Stripe, lookupKey: string): Promise<string> {
  const [price] = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data;
  if (!price) throw new Error(`No active Stripe price with lookup key ${lookupKey}`);
  return price.id;
}

/** The card saved for the customer: its default, else the newest attached one. */
async function savedCard(stripe: Stripe, customerId: string): Promise<Stripe.PaymentMethod | null> {
  const customer = await stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] });
  if (!customer.deleted) {
    const byDefault = customer.invoice_settings?.default_payment_method;
    if (byDefault && typeof byDefault !== 'string') return byDefault;
  }
  const [newest] = (await stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 1 })).data;
  return newest ?? null;
}

/** What the purchase dialog needs, and the records of a subscription Stripe answered as running at once. */
async function resultOf(subscription: Stripe.Subscription, deps: BillingDeps): Promise<UpgradeResult> {
  if (RUNNING.has(subscription.status)) {
    const state = stateOf(subscription, Math.floor(deps.now().getTime() / 1000));
    if (state) await applySubscriptionState(state, deps);
  }
  const invoice = subscription.latest_invoice && typeof subscription.latest_invoice !== 'string' ? subscription.latest_invoice : null;
  const due = invoice && invoice.status === 'open' ? invoice.amount_due : 0;
  return {
    subscriptionId: subscription.id,
    clientSecret: due > 0 ? (invoice?.confirmation_secret?.client_secret ?? null) : null,
    amountDue: due,
    status: subscription.status,
  };
}

/** A purchase for the caller; with a team (its director authorized by the field's row), the team's renewal or extra seats. */
export async function upgradeSubscription(
  caller: Caller,
  input: z.infer<typeof upgradeSubscriptionArgsSchema>,
  team: TeamRecord | null,
  deps: BillingDeps,
): Promise<UpgradeResult> {
  const seats = input.where.id === EXTRA_GAMER_SEAT_PRODUCT_ID;
  const teamId = team?.id;
  const stripe = await deps.stripe();
  const coupon = input.couponId ? await requireCoupon(stripe, input.couponId) : null;
  // A coupon (a 100% one makes a director with no card) changes only the subscription of an account that proved it
  // reads its mailbox, as a trial does (docs/accounts.md, "Who may redeem a coupon for whom").
  if (coupon && !(await deps.users.get(caller.sub))?.emailVerified) throw new AppError(EMAIL_NOT_PROVEN, EMAIL_PROOF_MESSAGES.needed);

  if (seats && teamId) {
    const bought = await deps.billing.seatSubscriptionOf(teamId);
    if (bought) {
      // More seats on the team's seat subscription: the prorated amount is on its next invoice.
      await billSeatQuantity(teamId, input.quantity ?? 1, deps.billing);
      const subscription = await stripe.subscriptions.retrieve(bought.subscriptionId);
      if (!ENDED.has(subscription.status)) return { subscriptionId: subscription.id, clientSecret: null, amountDue: 0, status: subscription.status };
    }
  } else if (teamId) {
    const current = await deps.subscriptions.teamSubscription(teamId);
    if (current && RUNNING.has(current.status) && new Date(current.endSubscriptionAt) > deps.now()) {
      throw new ConflictError("This team's subscription is still running.");
    }
  }

  const customer = await customerFor(caller, stripe, deps);
  const card = input.alternatePayment ? await savedCard(stripe, customer) : null;
  if (input.alternatePayment && !card) throw new ValidationError(NO_SAVED_CARD);
  const config = seats ? null : subscriptionConfigById(input.where.id)!;
  const metadata: SubscriptionMetadata = {
    userId: caller.sub,
    kind: seats ? 'seats' : 'dashboard',
    configId: input.where.id,
    teamId,
    coupon: coupon?.promotionCode.code.toUpperCase(),
  };
  const subscription = await stripe.subscriptions.create({
    customer,
    items: [
      {
        price: await priceId(stripe, config ? dashboardLookupKey(config) : PRICE_LOOKUP_KEYS.extraGamerSeatMonthly),
        quantity: seats ? (input.quantity ?? 1) : 1,
      },
    ],
    // The first invoice waits for the browser to confirm the card with Stripe, unless the saved card pays it now.
    payment_behavior: card ? 'allow_incomplete' : 'default_incomplete',
    ...(card ? { default_payment_method: card.id } : {}),
    payment_settings: { save_default_payment_method: 'on_subscription' },
    ...(coupon ? { discounts: [{ promotion_code: coupon.promotionCode.id }] } : {}),
    metadata: metadataOf(metadata),
    expand: ['latest_invoice.confirmation_secret'],
  });
  return resultOf(subscription, deps);
}

/** A TRIAL_DAYS trial of the dashboard, no card, once per account, for an account with a proven mailbox. */
export async function startTrial(caller: Caller, configId: string, deps: BillingDeps): Promise<UpgradeResult> {
  // A trial makes the account a director with no card: only for an account that proved it reads its mailbox.
  if (!(await deps.users.get(caller.sub))?.emailVerified) throw new AppError(EMAIL_NOT_PROVEN, EMAIL_PROOF_MESSAGES.needed);
  const stripe = await deps.stripe();
  const customer = await customerFor(caller, stripe, deps);
  const config = subscriptionConfigById(configId)!;
  // Parallel calls make one subscription (Stripe's idempotency key); the claim then keeps it to one per account.
  const subscription = await stripe.subscriptions.create(
    {
      customer,
      items: [{ price: await priceId(stripe, dashboardLookupKey(config)), quantity: 1 }],
      trial_period_days: TRIAL_DAYS,
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: metadataOf({ userId: caller.sub, kind: 'dashboard', configId: config.id }),
      expand: ['latest_invoice.confirmation_secret'],
    },
    { idempotencyKey: `trial-${caller.sub}-${config.id}` },
  );
  const holder = await deps.billing.claimTrial(caller.sub, subscription.id, deps.now().toISOString());
  if (holder !== subscription.id) {
    if (!ENDED.has(subscription.status)) await stripe.subscriptions.cancel(subscription.id);
    throw new ConflictError('You have already had a free trial.');
  }
  return resultOf(subscription, deps);
}

/** The caller's own subscription ends at the end of its paid period. */
export async function cancelSubscription(caller: Caller, paymentId: string, deps: BillingDeps): Promise<boolean> {
  const payment = await deps.billing.payment(caller.sub, paymentId);
  if (!payment?.subscriptionId) throw new NotFoundError('Subscription not found.');
  const stripe = await deps.stripe();
  const subscription = await stripe.subscriptions.retrieve(payment.subscriptionId);
  if (ENDED.has(subscription.status)) return true;
  await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
  return true;
}

export async function setupPaymentMethod(caller: Caller, deps: BillingDeps): Promise<{ clientSecret: string }> {
  const stripe = await deps.stripe();
  const customer = await customerFor(caller, stripe, deps);
  const intent = await stripe.setupIntents.create({ customer, usage: 'off_session' });
  return { clientSecret: intent.client_secret! };
}

export async function cardDetails(caller: Caller, deps: BillingDeps): Promise<{ lastFour: string | null }> {
  const customer = await deps.billing.customerOf(caller.sub);
  if (!customer) return { lastFour: null };
  const card = await savedCard(await deps.stripe(), customer);
  return { lastFour: card?.card?.last4 ?? null };
}

/** After login: whether the caller (a director) should be asked to buy a dashboard (core needsDashboardPrompt). */
export async function dashboardPaymentPrompt(caller: Caller, deps: BillingDeps): Promise<boolean> {
  return isDirector(caller.groups) && needsDashboardPrompt(await deps.billing.paymentsOf(caller.sub));
}
