/**
 * The one registry of entry points other than AppSync, beside lambdas/resolver-map.ts: which Lambda serves each
 * HTTP endpoint and schedule (and, as later features add them, S3 upload events and MediaConvert job-state events).
 * CDK (infra/lib/http-endpoints.ts) builds the HTTP API's routes from it; the local stack
 * (scripts/local/http-endpoints.ts) serves the same routes on the app's origin with the same handlers; a test
 * (tests/infra/triggers.test.ts) fails when the two disagree. CDK makes an EventBridge Scheduler schedule of each
 * entry of `schedules` (infra/lib/schedules.ts); `npm start` runs the same jobs on a timer (scripts/local/jobs.ts).
 * Pure data: no imports with side effects.
 */
import type { LambdaFunctionSpec } from './resolver-map';

export const triggerFunctions = {
  links: { entry: 'lambdas/links/handler.ts', description: 'Public links beside the API: the mobile app store link' },
  stripeWebhook: {
    entry: 'lambdas/billing/webhook.ts',
    description: "Stripe's signed webhook events, each applied once",
    uses: ['userPool', 'mail', 'stripeSecretKey', 'stripeWebhookSecret'],
  },
  customerPortal: {
    entry: 'lambdas/billing/portal.ts',
    description: "Redirects to the caller's Stripe billing portal",
    uses: ['stripeSecretKey'],
  },
  recapJob: {
    entry: 'lambdas/recap/schedule.ts',
    description: 'The recap job: e-mails the shared score reports due now (docs/recap.md)',
    uses: ['mail'],
    // Lambda's limit: the job stops taking new pages a minute before it, and what is left stays due.
    timeoutSeconds: 900,
  },
} as const satisfies Record<string, LambdaFunctionSpec>;

export type TriggerFunctionName = keyof typeof triggerFunctions;

export interface HttpRoute {
  readonly method: 'GET' | 'POST';
  /** The path as API Gateway writes it (`{name}` for a path parameter). */
  readonly path: string;
  readonly function: TriggerFunctionName;
}

export const httpRoutes = [
  { method: 'GET', path: '/api/v1/storeLink', function: 'links' },
  { method: 'POST', path: '/api/v1/stripe/webhook', function: 'stripeWebhook' },
  { method: 'GET', path: '/api/v1/create-customer-portal-session/{accessToken}', function: 'customerPortal' },
] as const satisfies readonly HttpRoute[];

/** API Gateway's name of a route, also used by the local stack: "GET /api/v1/storeLink". */
export const routeKey = (route: HttpRoute) => `${route.method} ${route.path}`;

export interface Schedule {
  readonly name: string;
  /** An EventBridge Scheduler expression: `rate(...)` or `cron(...)` (UTC). */
  readonly expression: string;
  readonly function: TriggerFunctionName;
  readonly description: string;
}

export const schedules = [
  {
    name: 'recap',
    // Shares fall due at the time of day they were made: hourly runs send each within the hour.
    expression: 'rate(1 hour)',
    function: 'recapJob',
    description: 'Sends the shared score reports (recaps) that are due',
  },
] as const satisfies readonly Schedule[];
