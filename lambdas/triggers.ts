/**
 * The one registry of entry points other than AppSync, beside lambdas/resolver-map.ts: which Lambda serves each
 * HTTP endpoint, S3 upload event, EventBridge event, queue, notification topic and schedule, and AppSync's authorizer
 * of signed-out calls. CDK (infra/lib/http-endpoints.ts, infra/lib/event-triggers.ts, infra/lib/mail.ts,
 * infra/lib/schedules.ts) builds the HTTP API's routes, the bucket notifications, the event rules, the queues' event
 * sources, the topics' subscriptions and an EventBridge Scheduler schedule of each entry of `schedules` from it;
 * the local stack (scripts/local/http-endpoints.ts, scripts/local/event-triggers.ts, scripts/local/mail-queue.ts,
 * scripts/local/jobs.ts) serves the same routes, delivers the same events and messages to the same handlers and runs
 * the same jobs on a timer; a test
 * (tests/infra/triggers.test.ts) fails when the two disagree. Pure data: no imports with side effects.
 */
import { REMINDER_DUE_SHARDS } from '@core/reminders';
import { RECAP_DUE_SHARDS } from '@core/report-sharing';
import { VIDEO_UPLOADS_ROOT } from '@core/video-files';
import { FINAL_JOB_STATES, JOB_STATE_CHANGE, MEDIACONVERT_SOURCE } from './lib/transcoding-job';
import type { LambdaFunctionSpec } from './resolver-map';

/** The mail sender's time limit: a batch of 10 at one sender's share of SES's rate, with room for slow answers. */
const MAIL_SENDER_TIMEOUT_SECONDS = 60;

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
    description: 'Records a finished transcode on its video: COMPLETE with the playlist and thumbnail, or the error',
  },
  recapJob: {
    entry: 'lambdas/recap/schedule.ts',
    description: 'The recap job: e-mails the shared score reports due now (docs/recap.md)',
    uses: ['mail'],
    // Lambda's limit: the job stops taking new pages a minute before it, and what is left stays due.
    timeoutSeconds: 900,
  },
  reminderJob: {
    entry: 'lambdas/reminders/schedule.ts',
    description: 'The reminder job: reminds the gamers whose reminder hour has come and who have not checked in (docs/reminders.md)',
    // Its Web Push goes through the mail queue: the sender signs it.
    uses: ['mail'],
    timeoutSeconds: 900,
  },
  deletionRepair: {
    entry: 'lambdas/account/deletion-repair.ts',
    description: 'Finishes account deletions that stopped half-way (Cognito user, items, avatars; docs/data-model.md)',
    uses: ['userPool', 'uploads'],
    timeoutSeconds: 900,
  },
  mailSender: {
    entry: 'lambdas/mail/sender.ts',
    description: "The mail queue's sender: each e-mail once, at SES's rate, never to a suppressed address; each Web Push once",
    uses: ['mailDelivery', 'vapidPrivateKey'],
    timeoutSeconds: MAIL_SENDER_TIMEOUT_SECONDS,
  },
  mailEvents: {
    entry: 'lambdas/mail/bounces.ts',
    description: "SES's bounce and complaint events: puts the address on the suppression list",
  },
  publicAuthorizer: {
    entry: 'lambdas/system/public-authorizer.ts',
    description: "AppSync's Lambda authorizer for signed-out calls: admits the site's public token",
  },
} as const satisfies Record<string, LambdaFunctionSpec>;

/** The function AppSync asks about a call in its Lambda mode (the fields marked @aws_lambda). */
export const apiAuthorizer: TriggerFunctionName = 'publicAuthorizer';

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

/**
 * A queue whose messages Lambda's event source hands to `function` in batches of up to `batchSize`; a message the
 * function reports failed (a batch item failure) comes back after `visibilityTimeoutSeconds`, and one received
 * `maxReceiveCount` times goes to the queue's dead-letter queue. `mail` is the mail queue (lambdas/lib/mail.ts).
 */
export interface QueueTrigger {
  readonly queue: 'mail';
  readonly function: TriggerFunctionName;
  readonly batchSize: number;
  readonly visibilityTimeoutSeconds: number;
  readonly maxReceiveCount: number;
  /** How many instances the event source runs at once (also the function's reserved concurrency). */
  readonly concurrency: number;
}

export const queueTriggers = [
  {
    queue: 'mail',
    function: 'mailSender',
    batchSize: 10,
    // Six times the function's limit, as Lambda advises for an SQS source: a batch still being sent is not handed out again.
    visibilityTimeoutSeconds: 6 * MAIL_SENDER_TIMEOUT_SECONDS,
    // With the sender's growing waits (30 s doubled, at most 15 min), about 45 minutes of failures before the dead letters.
    maxReceiveCount: 8,
    // The event source's least; each instance sends at half the account's rate (MAIL_SENDER_CONCURRENCY).
    concurrency: 2,
  },
] as const satisfies readonly QueueTrigger[];

/** An SNS topic whose notifications go to `function`. `mailEvents`: SES's bounce and complaint events (infra/lib/mail.ts). */
export interface NotificationTrigger {
  readonly topic: 'mailEvents';
  readonly function: TriggerFunctionName;
}

export const notificationTriggers = [{ topic: 'mailEvents', function: 'mailEvents' }] as const satisfies readonly NotificationTrigger[];

export interface Schedule {
  readonly name: string;
  /** An EventBridge Scheduler expression: `rate(...)` or `cron(...)` (UTC). */
  readonly expression: string;
  readonly function: TriggerFunctionName;
  readonly description: string;
  /** The event the function receives (empty when absent). */
  readonly input?: Readonly<Record<string, unknown>>;
}

/**
 * The account-deletion repair, hourly; the reminder job and the recap job, one schedule per partition of its due index, so that the partitions run side by side: each run sends
 * about 7,000 recaps within Lambda's 15 minutes (bench/recap), 16 of them 100,000 an hour (docs/recap.md).
 */
export const schedules: readonly Schedule[] = [
  ...Array.from({ length: RECAP_DUE_SHARDS }, (_, shard) => ({
    name: `recap-${shard}`,
    // Shares fall due at the time of day they were made: hourly runs send each within the hour.
    expression: 'rate(1 hour)',
    function: 'recapJob' as const,
    description: `Sends the shared score reports (recaps) that are due, of partition ${shard} of the due index`,
    input: { shards: [shard] },
  })),
  ...Array.from({ length: REMINDER_DUE_SHARDS }, (_, shard) => ({
    name: `reminders-${shard}`,
    // At the top of every hour: reminders are due at a whole hour of each gamer's clock.
    expression: 'cron(0 * * * ? *)',
    function: 'reminderJob' as const,
    description: `Sends the check-in reminders due this hour, of partition ${shard} of the due index`,
    input: { shards: [shard] },
  })),
  {
    name: 'account-deletion-repair',
    expression: 'rate(1 hour)',
    function: 'deletionRepair',
    description: 'Finishes the account deletions that stopped half-way',
  },
];
