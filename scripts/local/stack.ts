/**
 * The whole product on one machine: DynamoDB Local, cognito-local, s3rver, the Stripe, MediaConvert and Web Push
 * stand-ins and the mail outbox behind the local AppSync gateway, with the web app on the same http server
 * (docs/local-mode.md).
 */
import type { EventEmitter } from 'node:events';
import type { SQSBatchResponse } from 'aws-lambda';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedDataFolder } from '../seed/seed';
import { startCognito } from './cognito';
import type { WrittenRuntimeConfig } from '@core/runtime-config';
import { createDiscordStandIn, DISCORD_BASE_PATH, LOCAL_DISCORD_CLIENT_ID, LOCAL_DISCORD_CLIENT_SECRET } from './discord';
import { ensureTable, startDynamoDb } from './dynamodb';
import { createGateway, type Gateway } from './gateway';
import { createEventTriggers, triggerHandler, type LocalEventTriggers } from './event-triggers';
import { refuseForeignHost, refuseForeignUpgrade } from './host-check';
import { createHttpEndpoints } from './http-endpoints';
import { simulateMailboxes, startMailQueue } from './mail-queue';
import { startMediaConvertStandIn } from './mediaconvert/server';
import { queueTriggers } from '../../lambdas/triggers';
import { VIDEO_MEDIA_ROOT } from '@core/video-files';
import { transcodeJobTemplateSettings } from '../../lambdas/lib/transcoding-job';
import { lockDataDir, runningStack } from './lock';
import { assertPortFree, derivedServicePorts, freePorts, LOCAL_HOST, PortInUseError, serviceOffsets, type ServicePorts } from './ports';
import { createOutageSeam, ffmpegOutage } from './outages';
import { startPushStandIn } from './push/server';
import { LOCAL_BUCKETS, LOCAL_CREDENTIALS, startS3 } from './s3';
import { LOCAL_STRIPE_PUBLISHABLE_KEY, LOCAL_STRIPE_SECRET_KEY, startStripeStandIn } from './stripe/server';
import { localSecrets } from './secrets';
import { createWebApp, type WebMode } from './web';

export const LOCAL_TABLE_NAME = 'fitgauge';
/** The token signed-out calls carry in local mode; the same Lambda authorizer as on AWS admits it (not a secret). */
export const LOCAL_PUBLIC_TOKEN = 'fitgauge-public-local';
/** The job template the MediaConvert stand-in holds (CDK names its own per stack) and the role jobs name. */
const LOCAL_JOB_TEMPLATE = 'fitgauge-video-hls';
const LOCAL_MEDIACONVERT_ROLE = 'arn:aws:iam::000000000000:role/fitgauge-mediaconvert';
export const LOCAL_REGION = 'us-east-1';
/** Where the web app has Discord send the browser back (its sign-in page, web/src/features/auth/discord.ts). */
const DISCORD_RETURN_PATH = '/auth/login';

interface StackOptions {
  /** The web app's port; 0 = any free port, and then random ports for every stand-in too (tests). */
  port: number;
  /**
   * How soon the mail queue hands out again a message the sender could not send: its visibility timeout, and the
   * sender's first retry wait, doubling at each failure (the registry's minutes and 30 s unless given).
   */
  mailRetryMs?: number;
  /** Folder for all data (`.local` for npm start); null = DynamoDB in memory and throwaway temp folders. */
  dataDir: string | null;
  web: WebMode;
  /** Seed the demo data if this data folder has not been seeded yet. */
  seed: boolean;
  log?: (line: string) => void;
}

/** What the web app reads from /config.json. */
/** /config.json as the local stack serves it (core/runtime-config.ts). */
export type WebConfig = WrittenRuntimeConfig<'local'>;

export interface StackUrls {
  /** http://localhost:<port>: the web app, /config.json, POST /graphql. */
  app: string;
  graphql: string;
  realtime: string;
  dynamodb: string;
  cognito: string;
  jwks: string;
  s3: string;
  /** The Stripe stand-in (scripts/local/stripe): API, billing portal, clock control. */
  stripe: string;
  /** The Web Push stand-in's deliveries (scripts/local/push); its subscriptions are made at <app>/local/push/subscriptions. */
  push: string;
  /** The mail queue (scripts/local/mail-queue.ts): MAIL_QUEUE_URL. */
  mailQueue: string;
}

export interface Stack {
  urls: StackUrls;
  config: WebConfig;
  /** The environment the in-process Lambdas run with (also set on process.env). */
  env: Record<string, string>;
  outboxDir: string;
  /** Where the Web Push stand-in writes each notification it delivers (one JSON file each). */
  pushDir: string;
  /** s3rver's emitter: 'event' gives S3 notification records for uploads and deletes. */
  s3Events: EventEmitter;
  /** Resolves when every S3 and job-state event so far, and every transcode they started, has been handled. */
  eventsIdle(): Promise<void>;
  /** Resolves when the mail queue has nothing ready to send and is sending nothing. */
  mailIdle(): Promise<void>;
  /** The DynamoDB Local JVM. */
  dynamoDbPid: number;
  /** The gateway's open realtime sockets and subscriptions (bench/soak checks they return to zero). */
  realtimeCounts: Gateway['realtimeCounts'];
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? ((line: string) => console.log(line));
  // Known and documented (stack.md); not worth a warning on every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const stoppers: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        log(`stopping: ${String(error)}`);
      }
    }
  };

  try {
    const dataDir = options.dataDir === null ? null : resolve(options.dataDir);
    const running = dataDir ? runningStack(dataDir) : null;
    if (running) throw new Error(`FitGauge is already running from ${dataDir} (pid ${running.pid}, ${running.url}); stop it first.`);
    const workDir = dataDir ?? (await mkdtemp(join(tmpdir(), 'fitgauge-stack-')));
    if (dataDir) await mkdir(dataDir, { recursive: true });
    else stoppers.push(() => rm(workDir, { recursive: true, force: true }));

    const { port, services } = await choosePorts(options.port, workDir);
    const appUrl = `http://localhost:${port}`;
    /** The web app's own origins: the only ones granted CORS by the gateway, cognito-local and s3rver. */
    const appOrigins = [appUrl, `http://${LOCAL_HOST}:${port}`];
    if (dataDir) stoppers.push(lockDataDir(dataDir, appUrl));

    // Generated once per data folder (mode 0600), so no value in the repository signs for this stack.
    const secrets = await localSecrets(workDir);
    const outboxDir = join(workDir, 'outbox');
    // Started side by side (the JVM is the slow one); each registers its stop as soon as it runs.
    const started = <T extends { stop(): Promise<void> }>(service: Promise<T>) =>
      service.then((running) => {
        stoppers.push(running.stop);
        return running;
      });
    // The MediaConvert stand-in hands its job-state events to the local bus, which exists once S3 does.
    const eventBus: { current?: LocalEventTriggers } = {};
    const [dynamoResult, cognitoResult, s3Result, stripeResult, mediaConvertResult, pushResult] = await Promise.allSettled([
      started(startDynamoDb({ port: services.dynamodb, dbPath: dataDir ? join(dataDir, 'dynamodb') : null })),
      started(
        startCognito({
          port: services.cognito,
          dataDir: join(workDir, 'cognito'),
          outboxDir,
          corsOrigins: appOrigins,
          credentials: LOCAL_CREDENTIALS,
          log,
        }),
      ),
      started(startS3({ port: services.s3, directory: join(workDir, 's3'), corsOrigins: appOrigins })),
      started(
        startStripeStandIn({
          port: services.stripe,
          dataFile: dataDir ? join(dataDir, 'stripe.json') : null,
          // The app's webhook endpoint on its own server, as Stripe would call it.
          webhook: { url: `http://${LOCAL_HOST}:${port}/api/v1/stripe/webhook`, secret: secrets.stripeWebhookSecret },
          // Seeding makes subscriptions before the app's server listens: their events wait for it instead of failing
          // and holding every later event behind a one-minute retry.
          holdWebhooks: true,
          log,
        }),
      ),
      started(
        startMediaConvertStandIn({
          port: services.mediaconvert,
          templates: { [LOCAL_JOB_TEMPLATE]: transcodeJobTemplateSettings },
          deliver: (event) => eventBus.current!.putEvent(event),
          log,
        }),
      ),
      started(startPushStandIn({ port: services.push, dataDir: workDir, log })),
    ]);
    const [dynamo, cognito, s3, stripe, mediaConvert] = [
      settled(dynamoResult),
      settled(cognitoResult),
      settled(s3Result),
      settled(stripeResult),
      settled(mediaConvertResult),
    ];
    const push = settled(pushResult);
    // S3 notifications and EventBridge rules of lambdas/triggers.ts; stopped first, after the deliveries under way.
    const triggers = createEventTriggers({ s3Events: s3.events, buckets: LOCAL_BUCKETS, log });
    eventBus.current = triggers;
    stoppers.push(triggers.stop);
    // The mail queue and its sender (lambdas/triggers.ts); SES's mailbox simulator answers on the mail-events topic.
    const [mailTrigger] = queueTriggers;
    const mailQueue = await started(
      startMailQueue({
        port: services.mailQueue,
        trigger: mailTrigger,
        visibilityTimeoutMs: options.mailRetryMs,
        dataFile: dataDir ? join(dataDir, 'mail-queue.json') : null,
        deliver: async (event) => ((await triggerHandler(mailTrigger.function)) as (event: unknown) => Promise<SQSBatchResponse>)(event),
        log,
      }),
    );
    stoppers.push(simulateMailboxes((message) => void triggers.publish('mailEvents', message)));
    await ensureTable(dynamo.client, LOCAL_TABLE_NAME);

    const env: Record<string, string> = {
      TABLE_NAME: LOCAL_TABLE_NAME,
      USER_POOL_ID: cognito.userPoolId,
      USER_POOL_CLIENT_ID: cognito.userPoolClientId,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      // Transcodes go to the MediaConvert stand-in (scripts/local/mediaconvert), which runs the same template with ffmpeg.
      AWS_ENDPOINT_URL_MEDIACONVERT: mediaConvert.endpoint,
      MEDIACONVERT_JOB_TEMPLATE: LOCAL_JOB_TEMPLATE,
      MEDIACONVERT_ROLE_ARN: LOCAL_MEDIACONVERT_ROLE,
      MAIL_QUEUE_URL: mailQueue.url,
      // The sender's first retry wait (doubling at each failure): the queue's short retry in tests, 30 s otherwise.
      ...(options.mailRetryMs ? { MAIL_RETRY_BASE_SECONDS: String(options.mailRetryMs / 1000) } : {}),
      // The mail sender writes to the outbox instead of calling SES.
      MAIL_OUTBOX_DIR: outboxDir,
      // Links in e-mails (invites) point at this stack's own web app.
      APP_URL: appUrl,
      // Lambdas reach subscribers through server-only mutations on the gateway, signed like AppSync's IAM mode.
      GRAPHQL_URL: `http://${LOCAL_HOST}:${port}/graphql`,
      UPLOADS_BUCKET: LOCAL_BUCKETS.uploads,
      // Browsers read avatars from s3rver itself; on AWS the site serves them (infra/lib/web-hosting.ts).
      UPLOADS_PUBLIC_URL: `${s3.endpoint}/${LOCAL_BUCKETS.uploads}`,
      VIDEOS_BUCKET: LOCAL_BUCKETS.videos,
      // Players read the transcoder's outputs from s3rver itself; on AWS the site serves them at /media/.
      MEDIA_PUBLIC_URL: `${s3.endpoint}/${LOCAL_BUCKETS.videos}/${VIDEO_MEDIA_ROOT}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
      // Discord sign-in goes to the local stand-in (scripts/local/discord.ts) on this stack's own server.
      DISCORD_CLIENT_ID: LOCAL_DISCORD_CLIENT_ID,
      DISCORD_CLIENT_SECRET: LOCAL_DISCORD_CLIENT_SECRET,
      DISCORD_API_URL: `http://${LOCAL_HOST}:${port}${DISCORD_BASE_PATH}/api`,
      DISCORD_AUTHORIZE_URL: `${appUrl}${DISCORD_BASE_PATH}/oauth2/authorize`,
      // The stripe client goes to the stand-in (lambdas/lib/stripe.ts); the secrets are its local ones.
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: secrets.stripeWebhookSecret,
      // What the public mode's authorizer admits (lambdas/system/public-authorizer.ts), as CDK sets it on AWS.
      PUBLIC_API_TOKEN: LOCAL_PUBLIC_TOKEN,
      // Web Push is signed with the data folder's VAPID key and goes to the push stand-in, whose certificate is its own
      // and whose origin is the one push service admitted besides the browsers' (core/reminders.ts).
      VAPID_PRIVATE_KEY: secrets.vapidPrivateKey,
      PUSH_SERVICE_CA: push.certificate,
      LOCAL_PUSH_SERVICE_ORIGIN: push.url,
    };
    Object.assign(process.env, env);
    mailQueue.begin();

    // The demo data, resumed where an earlier start stopped, with start-up's patient timeouts (scripts/seed/seed.ts).
    await seedDataFolder(workDir, { seed: options.seed, where: dataDir ?? 'the in-memory stack', log });

    const config: WebConfig = {
      mode: 'local',
      region: LOCAL_REGION,
      graphqlEndpoint: `${appUrl}/graphql`,
      publicToken: LOCAL_PUBLIC_TOKEN,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      uploadsBucketUrl: `${s3.endpoint}/${LOCAL_BUCKETS.uploads}`,
      discordAuthorizeUrl: env.DISCORD_AUTHORIZE_URL,
      discordClientId: env.DISCORD_CLIENT_ID,
      // The customer portal answers on the app's own server; card payments go to the stand-in (no Stripe.js offline).
      apiBaseUrl: appUrl,
      stripePublishableKey: LOCAL_STRIPE_PUBLISHABLE_KEY,
      stripeStandInUrl: stripe.url,
    };

    const gateway = await createGateway({
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      jwksUri: cognito.jwksUri,
      iamCredentials: LOCAL_CREDENTIALS,
      // The web app is served on this same server: only its own origins may call the API from a browser.
      allowedOrigins: appOrigins,
    });
    stoppers.push(() => gateway.close());

    const server = createServer();
    const web = await createWebApp(options.web, server, dataDir ? join(dataDir, 'vite') : undefined);
    stoppers.push(() => web.close());
    const discord = createDiscordStandIn({
      clientId: LOCAL_DISCORD_CLIENT_ID,
      clientSecret: LOCAL_DISCORD_CLIENT_SECRET,
      redirectUris: [appUrl, `http://${LOCAL_HOST}:${port}`].map((origin) => `${origin}${DISCORD_RETURN_PATH}`),
    });
    const httpEndpoints = createHttpEndpoints();
    // The outage tests' seam (scripts/local/outages.ts): stand-ins off the air and back, only when asked for.
    const outageSeam =
      process.env.FG_OUTAGE_SEAM === '1'
        ? createOutageSeam({ cognito: cognito.outage, s3: s3.outage, stripe: stripe.outage, push: push.outage, ffmpeg: ffmpegOutage() })
        : null;
    server.on('request', (req, res) => {
      // Every route of the app's server, /graphql, /config.json and the push stand-in's subscriptions included.
      if (refuseForeignHost(req, res)) return;
      if (outageSeam?.handleRequest(req, res)) return;
      if (gateway.handleRequest(req, res)) return;
      if (httpEndpoints.handleRequest(req, res)) return;
      if (discord.handleRequest(req, res)) return;
      if (push.handleRequest(req, res)) return;
      if (pathOf(req) === '/config.json') return sendConfig(req, res, config);
      web.handleRequest(req, res);
    });
    server.on('upgrade', (req, socket, head) => {
      if (refuseForeignUpgrade(req, socket)) return;
      if (gateway.handleUpgrade(req, socket, head)) return;
      if (!web.ownsUpgrade(req, socket)) socket.destroy();
    });
    await listen(server, port);
    stripe.releaseWebhooks();
    stoppers.push(
      () =>
        new Promise<void>((resolveClose) => {
          server.close(() => resolveClose());
          server.closeAllConnections();
        }),
    );

    const stack: Stack = {
      urls: {
        app: appUrl,
        graphql: config.graphqlEndpoint,
        realtime: `ws://localhost:${port}/graphql/realtime`,
        dynamodb: dynamo.endpoint,
        cognito: cognito.endpoint,
        jwks: cognito.jwksUri,
        s3: s3.endpoint,
        stripe: stripe.url,
        push: push.url,
        mailQueue: mailQueue.url,
      },
      config,
      env,
      outboxDir,
      pushDir: push.folder,
      s3Events: s3.events,
      eventsIdle: async () => {
        // Upload events submit jobs; a job's run ends once its state event has been handled.
        await triggers.idle();
        await mediaConvert.idle();
      },
      mailIdle: () => mailQueue.idle(),
      dynamoDbPid: dynamo.pid,
      realtimeCounts: gateway.realtimeCounts,
      stop: stopAll,
    };
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Port 0 means random everywhere; otherwise the stand-ins take the checkout's derived block. All must be free. */
async function choosePorts(port: number, anchor: string): Promise<{ port: number; services: ServicePorts }> {
  if (port === 0) {
    const names = Object.keys(serviceOffsets);
    const [app, ...others] = await freePorts(1 + names.length);
    return { port: app, services: Object.fromEntries(names.map((name, i) => [name, others[i]])) as ServicePorts };
  }
  const services = derivedServicePorts(anchor);
  await assertPortFree(port, 'web app');
  for (const [name, servicePort] of Object.entries(services)) await assertPortFree(servicePort, `local ${name}`);
  return { port, services };
}

function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<void> {
  return new Promise((resolveListen, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, 'web app') : error));
    server.listen(port, LOCAL_HOST, () => resolveListen());
  });
}

function pathOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?')[0];
}

function sendConfig(req: IncomingMessage, res: ServerResponse, config: WebConfig) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const body = JSON.stringify(config);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
