/**
 * The Stripe client the Lambdas use. On AWS it talks to api.stripe.com with the secret key from SSM; the local stack
 * points it at the Stripe stand-in through STRIPE_API_URL (as the AWS SDK's endpoints come from AWS_ENDPOINT_URL_*),
 * so business logic has no local branch.
 */
import Stripe from 'stripe';
import { config } from './config';
import { secret } from './secrets';

let client: { key: string; stripe: Stripe } | undefined;

/** The client, built again when the secret key changed in SSM (a rotated key: lambdas/lib/secrets.ts re-reads it). */
export async function stripeClient(): Promise<Stripe> {
  const key = await secret('STRIPE_SECRET_KEY');
  if (client?.key !== key) {
    client = { key, stripe: new Stripe(key, { ...stripeEndpoint(config.stripeApiUrl), maxNetworkRetries: 2, timeout: 20_000 }) };
  }
  return client.stripe;
}

/** The secret webhook events are signed with, for `stripe.webhooks.constructEvent`. */
export function stripeWebhookSecret(): Promise<string> {
  return secret('STRIPE_WEBHOOK_SECRET');
}

/** `host`, `port` and `protocol` of another Stripe API address; none for Stripe itself. */
export function stripeEndpoint(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}
