/**
 * The billing-portal page a portal session's URL opens (Stripe's hosted customer portal, in miniature): the
 * customer's subscriptions with their renewal or end dates, cancel at period end or renew, the saved cards,
 * the paid invoices, and the way back to the app.
 */
import { formatPrice } from '@core/billing/plans';
import type { Billing } from './billing';
import type { StandInState, StripeObject } from './state';

export const PORTAL_PATH = '/p/session/';
/** Stripe's portal links work for a short while after the session is made. */
const SESSION_LIFETIME_SECONDS = 60 * 60;

export function portalSession(state: StandInState, token: string): StripeObject | undefined {
  const session = state.all('billing_portal.session', (candidate) => candidate._token === token)[0];
  return session && state.now() - session.created <= SESSION_LIFETIME_SECONDS ? session : undefined;
}

/** Cancels at period end or renews one of the session customer's subscriptions; false if it is not theirs. */
export function portalAction(state: StandInState, billing: Billing, session: StripeObject, subscriptionId: string, action: string): boolean {
  const subscription = state.get(subscriptionId);
  if (subscription?.object !== 'subscription' || subscription.customer !== session.customer) return false;
  if (!['active', 'trialing', 'past_due'].includes(subscription.status)) return false;
  if (action !== 'cancel' && action !== 'renew') return false;
  const cancel = action === 'cancel';
  billing.updateSubscription(subscription, { cancel_at_period_end: cancel, canceled_at: cancel ? state.now() : null });
  return true;
}

export function portalPage(state: StandInState, session: StripeObject): string {
  const customer = state.get(session.customer);
  const subscriptions = state.all('subscription', (subscription) => subscription.customer === session.customer);
  const cards = state.all('payment_method', (method) => method.customer === session.customer);
  const invoices = state.all('invoice', (invoice) => invoice.customer === session.customer && invoice.status === 'paid');
  const date = (time: number) => new Date(time * 1000).toISOString().slice(0, 10);
  const action = (subscription: StripeObject, name: string, label: string) =>
    `<form method="post" action="${PORTAL_PATH}${escape(session._token)}/subscriptions/${escape(subscription.id)}/${name}"><button type="submit">${label}</button></form>`;
  const subscriptionRows = subscriptions.map((subscription) => {
    const items = (subscription._items as string[]).map((id) => state.get(id)!);
    const price = state.get(items[0].price)!;
    const product = state.get(price.product);
    const periodEnd = items[0].current_period_end as number;
    const live = ['active', 'trialing', 'past_due'].includes(subscription.status);
    const when = !live
      ? `Ended ${date(subscription.ended_at ?? periodEnd)}`
      : subscription.cancel_at_period_end
        ? `Cancels ${date(periodEnd)}`
        : `Renews ${date(periodEnd)}`;
    const button = !live
      ? ''
      : subscription.cancel_at_period_end
        ? action(subscription, 'renew', 'Renew subscription')
        : action(subscription, 'cancel', 'Cancel subscription');
    const total = items.reduce((sum, item) => sum + state.get(item.price)!.unit_amount * item.quantity, 0);
    return `<li class="subscription"><strong>${escape(product?.name ?? price.id)}</strong> × ${items.map((item) => item.quantity).join(' + ')}
      <span>${formatPrice(total)} per ${escape(price.recurring.interval)}</span> <span class="status">${escape(subscription.status)}</span>
      <span>${when}</span>${button}</li>`;
  });
  const body = `
    <h1>Billing</h1>
    <p>${escape(customer?.email ?? customer?.name ?? session.customer)} · local Stripe stand-in, nothing is charged.</p>
    <h2>Subscriptions</h2>
    <ul>${subscriptionRows.join('') || '<li>No subscriptions.</li>'}</ul>
    <h2>Payment methods</h2>
    <ul>${cards.map((card) => `<li>${escape(card.card.brand)} •••• ${escape(card.card.last4)}, expires ${card.card.exp_month}/${card.card.exp_year}</li>`).join('') || '<li>No saved cards.</li>'}</ul>
    <h2>Invoice history</h2>
    <ul>${invoices.map((invoice) => `<li>${date(invoice.created)} ${formatPrice(invoice.amount_paid)} paid</li>`).join('') || '<li>No invoices.</li>'}</ul>
    ${session.return_url ? `<p><a href="${escape(session.return_url)}">Return to FitGauge</a></p>` : ''}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Billing · FitGauge</title><style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}
    li{margin:.5rem 0}li.subscription span{margin-left:.75rem}form{display:inline;margin-left:.75rem}</style></head><body>${body}</body></html>`;
}

export function escape(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
