/**
 * A Stripe subscription's state onto FitGauge's records (docs/billing.md): what the webhooks and a purchase that
 * Stripe answers as running both apply.
 */
import type Stripe from 'stripe';
import { EXTRA_GAMER_SEAT, TEAM_PLAN } from '@core/billing/plans';
import type { SubscriptionState } from '../lib/stores/billing-store';
import type { BillingDeps } from './deps';

/** What FitGauge writes on every subscription it creates, to know whose it is and what for. */
export interface SubscriptionMetadata {
  userId: string;
  kind: 'dashboard' | 'seats';
  /** A subscription config id, or extra-gamer-seat. */
  configId: string;
  teamId?: string;
  coupon?: string;
}

const RUNNING = new Set(['active', 'trialing']);
const ADMIN_OR_DIRECTOR = new Set(['DIRECTOR', 'ADMIN', 'SUPERADMIN']);

export const metadataOf = (metadata: SubscriptionMetadata): Record<string, string> =>
  Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined)) as Record<string, string>;

/** The state of a subscription FitGauge made, as of `stateAt` (Unix seconds); null for one it did not make. */
export function stateOf(subscription: Stripe.Subscription, stateAt: number): SubscriptionState | null {
  const { userId, kind, configId, teamId, coupon } = subscription.metadata ?? {};
  const item = subscription.items.data[0];
  if (!userId || (kind !== 'dashboard' && kind !== 'seats') || !item) return null;
  const price = item.price;
  const quantity = item.quantity ?? 1;
  return {
    subscriptionId: subscription.id,
    userId,
    kind,
    teamId: teamId ?? null,
    stripeStatus: subscription.status,
    cancellationReason: subscription.cancellation_details?.reason ?? null,
    periodEndsAt: item.current_period_end,
    stateAt,
    trialEndsAt: subscription.trial_end ?? null,
    quantity,
    subscriptionConfigId: configId ?? '',
    productName: kind === 'dashboard' ? TEAM_PLAN.productName : EXTRA_GAMER_SEAT.productName,
    productId: typeof price.product === 'string' ? price.product : price.product.id,
    productPrice: (price.unit_amount ?? 0) * quantity,
    paymentFrequency: price.recurring?.interval === 'year' ? 'yearly' : 'monthly',
    coupon: coupon ?? null,
    createdAt: subscription.created,
  };
}

/**
 * Applies a subscription's state: its records, and while it runs the buyer's DIRECTOR role (a dashboard) or the
 * team's extra seats (seats). Every step is idempotent, so a redelivered event repairs a half-applied one.
 */
export async function applySubscriptionState(state: SubscriptionState, deps: BillingDeps): Promise<void> {
  await deps.billing.applySubscription(state);
  if (!RUNNING.has(state.stripeStatus)) return;
  if (state.kind === 'dashboard') await makeDirector(state.userId, deps);
  if (state.kind === 'seats' && state.teamId) {
    await deps.billing.growSeats(state.teamId, state.userId, state.subscriptionId, state.quantity, deps.now().toISOString());
  }
}

/** The buyer of a dashboard becomes a DIRECTOR: the Cognito group first, then the profile (which says it is done). */
async function makeDirector(userId: string, deps: BillingDeps): Promise<void> {
  const user = await deps.users.get(userId);
  if (!user || (user.role && ADMIN_OR_DIRECTOR.has(user.role))) return;
  await deps.addToGroup(userId, 'DIRECTOR');
  await deps.billing.promoteProfileToDirector(userId, deps.now().toISOString());
}
