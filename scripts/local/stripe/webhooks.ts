/**
 * Stripe's webhook deliveries: each event POSTed as JSON to the endpoint, signed with the endpoint's secret
 * (`Stripe-Signature`, made by the stripe package's own generateTestHeaderString, so `constructEvent` verifies it as
 * in production), in the order the events happened. An endpoint that answers non-2xx or cannot be reached gets the
 * event again with exponential backoff over about three days, as Stripe retries in live mode; until then the event
 * stays pending (in a file beside the stand-in's state, so a restart keeps it) and later events wait behind it.
 */
import { existsSync, readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { replaceFile } from './state';

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

/** Seconds after a failed attempt before the next: 1 min, 2, 4, … 2048 min; the twelfth retry comes ~2.8 days after the first try. */
export const RETRY_DELAYS_S = Array.from({ length: 12 }, (_, retry) => 60 * 2 ** retry);
/** How long one attempt may take before it counts as failed (Stripe's own limit is of this order). */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** setTimeout's largest delay; a longer wait is re-armed when it ends. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface PendingDelivery {
  id: string;
  type: string;
  payload: string;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due, on the stand-in's clock (Unix seconds). */
  dueAt: number;
}

const signer = new Stripe('sk_test_signing_only');

export class WebhookSender {
  private readonly pending: PendingDelivery[];
  private timer: NodeJS.Timeout | undefined;
  private delivering = false;
  private stopped = false;
  private waiters: (() => void)[] = [];

  /**
   * @param now the stand-in's clock (Unix seconds): advancing it (advanceClock) brings due retries forward.
   * @param pendingFile keeps undelivered events across restarts; null keeps them in memory.
   * @param delivered told each event id the endpoint took (its `pending_webhooks` drops to 0).
   */
  constructor(
    private readonly endpoint: WebhookEndpoint | null,
    private readonly log: (line: string) => void,
    private readonly now: () => number,
    private readonly pendingFile: string | null,
    private readonly delivered: (eventId: string) => void = () => {},
    /** Deliveries wait until release(): the local stack's endpoint listens only once the stack is up. */
    private held = false,
  ) {
    this.pending = pendingFile && existsSync(pendingFile) ? (JSON.parse(readFileSync(pendingFile, 'utf8')) as PendingDelivery[]) : [];
    this.pump();
  }

  send(event: { id: string; type: string }) {
    if (!this.endpoint || this.stopped) return;
    this.pending.push({ id: event.id, type: event.type, payload: JSON.stringify(event, null, 2), attempts: 0, dueAt: this.now() });
    this.save();
    this.pump();
  }

  /** Resolves once every event sent so far was delivered (or given up on). */
  settled(): Promise<void> {
    if (this.pending.length === 0 || !this.endpoint) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The endpoint listens now: the events sent while held go, in order. */
  release() {
    this.held = false;
    this.pump();
  }

  /** The stand-in's clock moved: a retry that became due goes now. */
  clockMoved() {
    this.pump();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private pump() {
    clearTimeout(this.timer);
    if (this.stopped || this.held || this.delivering || !this.endpoint) return;
    const head = this.pending[0];
    if (!head) {
      for (const resolve of this.waiters.splice(0)) resolve();
      return;
    }
    const waitMs = (head.dueAt - this.now()) * 1000;
    if (waitMs > 0) {
      this.timer = setTimeout(() => this.pump(), Math.min(waitMs, MAX_TIMER_MS));
      return;
    }
    this.delivering = true;
    void this.attempt(this.endpoint, head).then(() => {
      this.delivering = false;
      this.pump();
    });
  }

  private async attempt(endpoint: WebhookEndpoint, delivery: PendingDelivery) {
    const failure = await post(endpoint, delivery.payload);
    if (this.stopped) return;
    delivery.attempts += 1;
    const retryIn = RETRY_DELAYS_S[delivery.attempts - 1];
    if (failure === null || retryIn === undefined) {
      this.pending.shift();
      if (failure === null) this.delivered(delivery.id);
      else {
        this.log(`Stripe stand-in: webhook ${delivery.type} (${delivery.id}) given up after ${delivery.attempts} attempts: ${failure}`);
      }
    } else {
      delivery.dueAt = this.now() + retryIn;
      this.log(`Stripe stand-in: webhook ${delivery.type} (${delivery.id}) failed (${failure}); retry ${delivery.attempts} in ${retryIn} s`);
    }
    this.save();
  }

  private save() {
    if (this.pendingFile) replaceFile(this.pendingFile, JSON.stringify(this.pending));
  }
}

/** One attempt; null when the endpoint answered 2xx, else why not. */
async function post(endpoint: WebhookEndpoint, payload: string): Promise<string | null> {
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
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    // fetch says only "fetch failed"; its cause says why (ECONNREFUSED, a reset socket, ...).
    const cause =
      error instanceof Error && error.cause instanceof Error ? `: ${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message}` : '';
    return error instanceof Error ? `${error.message}${cause}` : String(error);
  }
}
