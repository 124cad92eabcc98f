/**
 * Helpers for billing tests against the local stack's Stripe stand-in: the real stripe client on it, card
 * confirmation as Stripe.js does it, signed webhook deliveries, the stand-in's clock, and waiting for webhooks' effects.
 */
import Stripe from 'stripe';
import { stripeEndpoint } from '../../lambdas/lib/stripe';
import { CLOCK_ADVANCE_PATH } from '../../scripts/local/stripe/server';
import { stackInfo, stackUrls } from './stack';

export const TEST_CARDS = { succeeds: '4242424242424242', authenticates: '4000002500003155', declined: '4000000000000002' } as const;

let client: Stripe | undefined;
export function standInStripe(): Stripe {
  const { env } = stackInfo();
  client ??= new Stripe(env.STRIPE_SECRET_KEY, stripeEndpoint(env.STRIPE_API_URL));
  return client;
}

/** What Stripe.js's confirmCardPayment does with a client secret and a typed card: confirms the payment intent. */
export async function confirmCardPayment(clientSecret: string, cardNumber: string): Promise<Stripe.PaymentIntent> {
  const intentId = clientSecret.split('_secret_')[0];
  return standInStripe().paymentIntents.confirm(intentId, {
    client_secret: clientSecret,
    payment_method_data: { type: 'card', card: { number: cardNumber, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' } },
  } as Stripe.PaymentIntentConfirmParams);
}

/** POSTs an event to the app's webhook endpoint, signed with `secret` (the stack's own unless a forger's is given). */
export async function deliverWebhook(event: Record<string, unknown>, secret = stackInfo().env.STRIPE_WEBHOOK_SECRET): Promise<number> {
  const payload = JSON.stringify(event);
  const signature = standInStripe().webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(`${stackUrls().baseUrl}/api/v1/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
}

/** A Stripe event of this type around `object`, with a new id. */
export function eventOf(type: string, object: unknown, created = Math.floor(Date.now() / 1000)): Record<string, unknown> {
  return {
    id: `evt_test_${Math.random().toString(36).slice(2)}${Date.now()}`,
    object: 'event',
    type,
    created,
    api_version: Stripe.API_VERSION,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** Runs the stand-in's clock forward (renewals, period ends; their webhooks are sent to the app). */
export async function advanceStripeClock(seconds: number): Promise<void> {
  const { env, urls } = stackInfo();
  const response = await fetch(`${urls.stripe}${CLOCK_ADVANCE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
    body: new URLSearchParams({ seconds: String(seconds) }),
  });
  if (!response.ok) throw new Error(`Clock advance failed: HTTP ${response.status}`);
}

/** Polls until `read` gives a value `done` accepts (webhooks arrive a moment after the call that caused them). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * Stripe's retries, 1, 2, 4, … minutes apart, brought forward one by one with the stand-in's clock (real time passes
 * too, so an "in progress" mark left by a failed or cut-off try expires), until `delivered` holds; throws if no retry
 * delivers. RETRY_DELAYS_S is the stand-in's schedule (scripts/local/stripe/webhooks.ts).
 */
export async function deliveredByRetries(delivered: () => Promise<boolean>, retryDelaysS: readonly number[]): Promise<void> {
  if (await delivered()) return;
  for (const delay of retryDelaysS) {
    await advanceStripeClock(delay);
    const until = Date.now() + 4_000;
    while (Date.now() < until) {
      if (await delivered()) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error('The webhook was not delivered by any retry.');
}
