/**
 * Stripe's webhook deliveries: each event POSTed as JSON to the endpoint, signed with the endpoint's secret
 * (`Stripe-Signature`, made by the stripe package's own generateTestHeaderString, so `constructEvent` verifies it as
 * in production), in the order the events happened, retried a few times when the endpoint fails.
 */
import Stripe from 'stripe';

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

const RETRY_DELAYS_MS = [500, 2000, 5000];
const signer = new Stripe('sk_test_signing_only');

export class WebhookSender {
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly endpoint: WebhookEndpoint | null,
    private readonly log: (line: string) => void,
  ) {}

  send(event: { id: string; type: string }) {
    const endpoint = this.endpoint;
    if (!endpoint || this.stopped) return;
    const payload = JSON.stringify(event, null, 2);
    this.queue = this.queue.then(() => this.deliver(endpoint, event, payload));
  }

  /** Resolves once every event sent so far was delivered (or given up on). */
  settled(): Promise<void> {
    return this.queue;
  }

  stop() {
    this.stopped = true;
  }

  private async deliver(endpoint: WebhookEndpoint, event: { id: string; type: string }, payload: string) {
    let failure = '';
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      if (this.stopped) return;
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        const response = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            // Signed at sending time (each retry anew), as Stripe does; the app checks the timestamp's tolerance.
            'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: endpoint.secret }),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (response.ok) return;
        failure = `HTTP ${response.status}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
    }
    this.log(`Stripe stand-in: webhook ${event.type} (${event.id}) not delivered to ${endpoint.url}: ${failure}`);
  }
}
