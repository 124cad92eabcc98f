/**
 * The one registry of entry points other than AppSync, beside lambdas/resolver-map.ts: which Lambda serves each
 * HTTP endpoint, S3 upload event and EventBridge event (and, as later features add them, schedules).
 * CDK (infra/lib/http-endpoints.ts, infra/lib/transcoding.ts) builds the HTTP API's routes, the bucket notifications
 * and the event rules from it; the local stack (scripts/local/http-endpoints.ts, scripts/local/event-triggers.ts)
 * serves the same routes and delivers the same events to the same handlers; a test (tests/infra/triggers.test.ts)
 * fails when the two disagree. Pure data: no imports with side effects.
 */
import { VIDEO_UPLOADS_ROOT } from '../core/video-files';
import { FINAL_JOB_STATES, JOB_STATE_CHANGE, MEDIACONVERT_SOURCE } from './lib/transcoding-job';
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
  transcodeStart: {
    entry: 'lambdas/transcoding/start.ts',
    description: "Starts the transcode (MediaConvert job) of a video's uploaded original",
    uses: ['videos', 'transcoder'],
  },
  transcodeStatus: {
    entry: 'lambdas/transcoding/status.ts',
    description: "Records a finished transcode on its video: COMPLETE with the playlist and thumbnail, or the error",
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

/** An S3 event notification: objects created under `prefix` of one of the product's buckets. */
export interface S3UploadTrigger {
  readonly bucket: 'uploads' | 'videos';
  readonly prefix: string;
  readonly function: TriggerFunctionName;
}

export const s3UploadTriggers = [
  { bucket: 'videos', prefix: VIDEO_UPLOADS_ROOT, function: 'transcodeStart' },
] as const satisfies readonly S3UploadTrigger[];

/** An EventBridge rule on the default bus: events of `source` and `detailType` whose detail.status is one of `statuses`. */
export interface EventTrigger {
  readonly source: string;
  readonly detailType: string;
  readonly statuses: readonly string[];
  readonly function: TriggerFunctionName;
}

export const eventTriggers = [
  { source: MEDIACONVERT_SOURCE, detailType: JOB_STATE_CHANGE, statuses: FINAL_JOB_STATES, function: 'transcodeStatus' },
] as const satisfies readonly EventTrigger[];
