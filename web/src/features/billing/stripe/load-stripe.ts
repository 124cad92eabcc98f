import type { Stripe } from '@stripe/stripe-js';
// The pure entry loads Stripe.js only when asked, so local mode can install its own `window.Stripe` first.
import { loadStripe } from '@stripe/stripe-js/pure';
import { runtimeConfig } from '@/config/runtime-config';

let stripe: Promise<Stripe | null> | null = null;

/**
 * Stripe.js for this site, loaded once: on AWS the real one from js.stripe.com; in local mode the stand-in's
 * `window.Stripe` (local-stripe.ts, its own chunk, never loaded when the config says real Stripe).
 * Null without a publishable key (card payments are then unavailable).
 */
export function stripeForSite(): Promise<Stripe | null> {
  stripe ??= (async () => {
    const { mode, stripePublishableKey, stripeStandInUrl } = runtimeConfig();
    if (!stripePublishableKey) return null;
    if (mode === 'local' && stripeStandInUrl) (await import('./local-stripe')).installLocalStripe(stripeStandInUrl);
    return loadStripe(stripePublishableKey);
  })();
  return stripe;
}
