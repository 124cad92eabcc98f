/**
 * A team's extra gamer seats are the quantity of its seat subscription (docs/billing.md): after the team's seats change
 * in DynamoDB, Stripe is told the new count. Shared by billing (buying seats) and the teams API (deleteTeamSeat).
 */
import { dynamoBillingStore, type BillingStore } from './stores/billing-store';
import { stripeClient } from './stripe';

/** Sets the seat subscription's quantity to `quantity` (the recorded extra seats when left out); none without one. */
export async function billSeatQuantity(teamId: string, quantity?: number, billing: BillingStore = dynamoBillingStore): Promise<void> {
  const seats = await billing.seatSubscriptionOf(teamId);
  if (!seats) return;
  const stripe = await stripeClient();
  const subscription = await stripe.subscriptions.retrieve(seats.subscriptionId);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
  await stripe.subscriptions.update(seats.subscriptionId, {
    items: [{ id: subscription.items.data[0].id, quantity: quantity ?? seats.extraSeats }],
    // The prorated difference goes on the next invoice.
    proration_behavior: 'create_prorations',
  });
}
