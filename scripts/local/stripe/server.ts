/**
 * A local Stripe for `npm start` and the tests: the API endpoints FitGauge uses at http://127.0.0.1:<port>/v1 for the
 * unmodified `stripe` client (`host`, `port`, `protocol: 'http'`), signed webhooks to the app, a clock that can run
 * ahead, and the billing-portal page. State is a JSON file in the stack's data folder, or memory for tests.
 * See README.md in this folder.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { refuseForeignHost } from '../host-check';
import { serverOutage, type Outage } from '../outages';
import { StripeApi } from './api';
import { Billing } from './billing';
import { seedCatalogue, seedPortalSettings } from './catalogue';
import { FormError, parseForm, type FormParams } from './form';
import { integerParam } from './params';
import { escape, PORTAL_PATH, portalAction, portalPage, portalSession } from './portal';
import { randomToken, StandInState } from './state';
import { render, type Json } from './views';
import { WebhookSender, type WebhookEndpoint } from './webhooks';

/**
 * The local secret key (a test-mode shape). The webhook secret is not a constant: the stack generates one per data
 * folder (scripts/local/secrets.ts) and hands it to the stand-in and the webhook function.
 */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_fitgaugeLocalStandIn000000000000';
/** The publishable key the web app's local `window.Stripe` (web/src/features/billing/stripe) calls the browser endpoints with. */
export const LOCAL_STRIPE_PUBLISHABLE_KEY = 'pk_test_fitgaugeLocalStandIn000000000000';
/** Stand-in controls that Stripe has no API for; they need the secret key like the API does. */
export const CLOCK_ADVANCE_PATH = '/_stand-in/clock/advance';
const AUTHENTICATE_PATH = '/_stand-in/authenticate/';
const MAX_BODY = 256 * 1024;
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 3600 * 1000;

interface StripeStandInOptions {
  port: number;
  host?: string;
  secretKey?: string;
  /** Where events go (the app's webhook endpoint) and the secret they are signed with; null sends none. */
  webhook: WebhookEndpoint | null;
  /** false: start as a new Stripe account, without the catalogue, coupons and portal settings (npm run stripe:catalogue's test). */
  seedCatalogue?: boolean;
  /** JSON file that keeps the state across restarts; null keeps it in memory. */
  dataFile: string | null;
  /** Events wait for releaseWebhooks(): the endpoint is not listening yet (the local stack seeds before it listens). */
  holdWebhooks?: boolean;
  log?: (line: string) => void;
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  host: string;
  port: number;
  /** Runs the stand-in's clock forward, ending periods and trials on the way (their events are sent). */
  advanceClock(seconds: number): void;
  /** The stand-in's current time, Unix seconds. */
  now(): number;
  /** Lets held webhooks go (holdWebhooks): the endpoint listens now. */
  releaseWebhooks(): void;
  /** Resolves when every webhook sent so far has been delivered or given up on (retries wait for the clock: docs/local-mode.md). */
  webhooksSettled(): Promise<void>;
  /** The API off the air and back on the same port (the outage tests' seam, scripts/local/outages.ts). */
  outage: Outage;
  stop(): Promise<void>;
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const host = options.host ?? '127.0.0.1';
  const secretKey = options.secretKey ?? LOCAL_STRIPE_SECRET_KEY;
  const log = options.log ?? ((line: string) => console.log(line));
  const state = new StandInState(options.dataFile);
  if (state.isEmpty && options.seedCatalogue !== false) {
    seedCatalogue(state);
    state.save();
  } else if (!state.isEmpty && options.seedCatalogue !== false && !state.all('billing_portal.configuration').length) {
    // A data folder seeded before the stand-in kept portal settings: portal sessions need them.
    seedPortalSettings(state);
    state.save();
  }
  // Undelivered events are kept beside the state (stripe.json → stripe-webhooks.json), so a restart retries them.
  const pendingFile = options.dataFile && options.dataFile.replace(/(\.json)?$/, '-webhooks.json');
  const webhooks = new WebhookSender(
    options.webhook,
    log,
    () => state.now(),
    pendingFile,
    (eventId) => {
      // As on Stripe: an event's pending_webhooks counts the endpoints that have not taken it yet.
      const event = state.get(eventId);
      if (!event) return;
      event.pending_webhooks = 0;
      state.save();
    },
    options.holdWebhooks ?? false,
  );
  let url = '';
  const billing = new Billing(
    state,
    (type, object, previousAttributes) => {
      const data: Json = { object: render(state, object) };
      if (previousAttributes) data.previous_attributes = previousAttributes;
      const event = state.create('evt', 'event', {
        type,
        api_version: Stripe.API_VERSION,
        data,
        pending_webhooks: options.webhook ? 1 : 0,
        request: { id: null, idempotency_key: null },
      });
      webhooks.send(render(state, event) as { id: string; type: string });
    },
    (intentId) => `${url}${AUTHENTICATE_PATH}${intentId}`,
  );
  const api = new StripeApi(state, billing, (token) => `${url}${PORTAL_PATH}${token}`);
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json; at: number }>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url ?? '/', 'http://stand-in');
    const path = target.pathname;
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'DELETE' ? '' : await readBody(req);
    if (path.startsWith(PORTAL_PATH)) return servePortal(method, path.slice(PORTAL_PATH.length), res);
    if (path.startsWith(AUTHENTICATE_PATH)) return serveAuthentication(method, path.slice(AUTHENTICATE_PATH.length), body, res);
    let params: FormParams;
    try {
      params = parseForm(method === 'GET' || method === 'DELETE' ? target.search.slice(1) : body);
    } catch (error) {
      if (error instanceof FormError) return json(res, 400, { error: { type: 'invalid_request_error', message: error.message } });
      throw error;
    }
    if (typeof params.key === 'string' && params.key.startsWith('pk_')) return serveBrowser(method, path, params, res);
    const keyProblem = checkKey(req.headers.authorization, secretKey);
    if (keyProblem) return json(res, 401, { error: { type: 'invalid_request_error', message: keyProblem } });
    if (method === 'POST' && path === CLOCK_ADVANCE_PATH) {
      const seconds = integerParam(params, 'seconds', { min: 1, max: 10 * 366 * 24 * 3600 }) ?? 0;
      billing.advanceClock(seconds);
      state.save();
      webhooks.clockMoved();
      return json(res, 200, { object: 'stand_in_clock', now: state.now() });
    }
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const fingerprint = createHash('sha256').update(`${method} ${path} ${body}`).digest('hex');
    const earlier = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (earlier && Date.now() - earlier.at < IDEMPOTENCY_KEY_LIFETIME_MS) {
      if (earlier.fingerprint !== fingerprint) {
        return json(res, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      }
      return json(res, earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
    }
    const [status, answer] = api.handle(method, path, params);
    // Failed calls change state too (a declined card fails the invoice), so every call is saved.
    if (method !== 'GET') state.save();
    if (typeof key === 'string') {
      for (const [oldKey, entry] of idempotent) if (Date.now() - entry.at >= IDEMPOTENCY_KEY_LIFETIME_MS) idempotent.delete(oldKey);
      idempotent.set(key, { fingerprint, status, body: answer, at: Date.now() });
    }
    json(res, status, answer);
  };

  /**
   * What Stripe.js calls from the browser with the publishable key in the form (a CORS-simple request): confirming
   * or reading the payment or setup intent its client secret names, and creating a card payment method. Anything
   * else answers as Stripe answers a publishable key on a secret endpoint.
   */
  const serveBrowser = (method: string, path: string, params: FormParams, res: ServerResponse) => {
    const cors = { 'access-control-allow-origin': '*' };
    const { key, client_secret: clientSecret, ...rest } = params;
    if (key !== LOCAL_STRIPE_PUBLISHABLE_KEY) {
      return json(res, 401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${String(key).slice(0, 8)}…` } }, cors);
    }
    const intent = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)(\/confirm)?$/.exec(path);
    const allowed = intent
      ? state.get(intent[2])?.client_secret === clientSecret && (method === 'GET') !== Boolean(intent[3])
      : method === 'POST' && path === '/v1/payment_methods';
    if (!allowed) {
      return json(
        res,
        401,
        {
          error: {
            type: 'invalid_request_error',
            message: 'This API call cannot be made with a publishable API key, or the client secret does not match.',
          },
        },
        cors,
      );
    }
    const [status, answer] = api.handle(method, path, rest);
    if (method !== 'GET') state.save();
    json(res, status, answer, cors);
  };

  const servePortal = (method: string, rest: string, res: ServerResponse) => {
    const [token, kind, subscriptionId, action] = rest.split('/');
    const session = portalSession(state, token);
    if (!session)
      return html(res, 404, '<!doctype html><title>Billing</title><h1>This link has expired.</h1><p>Open Billing from FitGauge again.</p>');
    if (method === 'POST' && kind === 'subscriptions' && portalAction(state, billing, session, subscriptionId, action)) {
      state.save();
      res.writeHead(303, { location: `${PORTAL_PATH}${token}` }).end();
      return;
    }
    if (method !== 'GET' || kind) return html(res, 404, '<!doctype html><title>Billing</title><h1>Not found</h1>');
    return html(res, 200, portalPage(state, session));
  };

  /** The bank's authentication step of a `requires_action` payment: a page with Complete and Fail, as Stripe's test page. */
  const serveAuthentication = (method: string, intentId: string, body: string, res: ServerResponse) => {
    const intent = state.get(intentId);
    if (intent?.object !== 'payment_intent' || intent.status !== 'requires_action') {
      return html(res, 404, '<!doctype html><title>Authentication</title><h1>Nothing to authenticate.</h1>');
    }
    if (method === 'POST') {
      const passed = new URLSearchParams(body).get('outcome') === 'complete';
      const returnUrl = intent.next_action?.redirect_to_url?.return_url as string | undefined;
      try {
        billing.completeAuthentication(intent, passed);
      } catch {
        // A failed authentication is the intent's last_payment_error, which the app reads; nothing else to show.
      }
      state.save();
      if (returnUrl) {
        const back = new URL(returnUrl);
        back.searchParams.set('payment_intent', intent.id);
        back.searchParams.set('payment_intent_client_secret', intent.client_secret);
        res.writeHead(303, { location: back.toString() }).end();
        return;
      }
      return json(res, 200, render(state, intent));
    }
    const form = (outcome: string, label: string) =>
      `<form method="post"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
    return html(
      res,
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authenticate payment</title></head><body>
      <h1>Authenticate payment</h1><p>${escape((intent.amount / 100).toFixed(2))} ${escape(intent.currency.toUpperCase())} · local Stripe stand-in test page.</p>
      ${form('complete', 'Complete authentication')}${form('fail', 'Fail authentication')}</body></html>`,
    );
  };

  const server = createServer((req, res) => {
    if (refuseForeignHost(req, res)) return;
    handle(req, res).catch((error: unknown) => {
      log(`Stripe stand-in: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent)
        json(res, error instanceof BodyTooLarge ? 413 : 500, {
          error: { type: 'api_error', message: 'An error occurred in the local Stripe stand-in.' },
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  url = `http://${host}:${port}`;

  return {
    url,
    host,
    port,
    advanceClock(seconds) {
      billing.advanceClock(seconds);
      state.save();
      webhooks.clockMoved();
    },
    now: () => state.now(),
    webhooksSettled: () => webhooks.settled(),
    releaseWebhooks: () => webhooks.release(),
    outage: serverOutage(server),
    async stop() {
      webhooks.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      state.save();
    },
  };
}

function checkKey(authorization: string | undefined, secretKey: string): string | null {
  const [scheme, key] = (authorization ?? '').split(' ');
  if (scheme !== 'Bearer' || !key) {
    return "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
  }
  const given = Buffer.from(key);
  const expected = Buffer.from(secretKey);
  if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
  return `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new BodyTooLarge());
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': `req_${randomToken(14)}`,
    'stripe-version': Stripe.API_VERSION,
    ...headers,
  });
  res.end(text);
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
  });
  res.end(body);
}
