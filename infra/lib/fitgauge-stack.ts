import { CfnOutput, Fn, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { resolverMap } from '../../lambdas/api-fields';
import { lambdaFunctions, type LambdaFunctionSpec } from '../../lambdas/resolver-map';
import {
  apiAuthorizer,
  eventTriggers,
  httpRoutes,
  notificationTriggers,
  queueTriggers,
  s3UploadTriggers,
  schedules,
  triggerFunctions,
} from '../../lambdas/triggers';
import { VIDEO_MEDIA_ROOT } from '@core/video-files';
import { tableDesign } from '../../lambdas/lib/db/table-design';
import { version } from '../../package.json';
import { Api } from './api';
import { Auth } from './auth';
import { PUBLIC_AUTHORIZER_CONCURRENCY, RECAP_CONCURRENCY } from './capacity';
import { Data } from './data';
import { asyncFunctionNames, DeadLetters } from './dead-letters';
import { EventTriggers } from './event-triggers';
import { ApiFunctions, type DiscordApp } from './functions';
import { HttpEndpoints } from './http-endpoints';
import { Mail } from './mail';
import { Monitoring } from './monitoring';
import { Schedules } from './schedules';
import { acknowledgeCdkHelpers } from './nag';
import { Secrets } from './secrets';
import { Storage } from './storage';
import { Transcoding } from './transcoding';
import { WebHosting, type SiteDomain } from './web-hosting';

/** Where Discord sends the user back: the sign-in page (web/src/features/auth/discord.ts, discordRedirectUri). */
export const DISCORD_REDIRECT_PATH = '/auth/login';

interface FitGaugeStackProps extends StackProps {
  /** The Vite build to publish (web/dist). */
  readonly webDistPath: string;
  /** Verified SES identity (plain address) the product sends mail from. */
  readonly mailFrom: string;
  /** SSM path under which the operator stores the SecureString secrets, e.g. /fitgauge. */
  readonly secretsPrefix: string;
  /** Discord's OAuth app for social sign-in (its secret is an SSM parameter, not a prop). */
  readonly discord: DiscordApp;
  /** Stripe's publishable key for Stripe.js in the browser (public by design; empty: no card payments). */
  readonly stripePublishableKey: string;
  /** The mobile app's store pages for `GET /api/v1/storeLink`; absent: the store searches of core/store-link.ts. */
  readonly storeUrls?: { appStore?: string; playStore?: string };
  /** Where the alarms go by e-mail (the address confirms the subscription); absent: subscribe to the alarm topic yourself. */
  readonly alarmEmail?: string;
  /** The account's Lambda concurrency quota in the region, which the concurrency alarm compares with (docs/operations.md). */
  readonly lambdaConcurrencyQuota: number;
  /** The site's own domain (and so the links in mail); absent: the CloudFront name. */
  readonly domain?: SiteDomain;
}

/**
 * Everything FitGauge runs on in AWS; the pieces are in ./auth, ./data, ./storage, ./secrets, ./functions, ./api,
 * ./transcoding, ./event-triggers, ./dead-letters, ./schedules, ./web-hosting, ./monitoring. CloudFormation allows 500
 * resources a template, so the pieces that grow with the product are nested stacks, each a template of its own: the
 * AppSync data sources and resolvers (Resolvers), the schedules (Jobs) and the alarms and dashboard (Monitoring). What
 * holds data or is reached from outside (the table, the user pool and its groups and client, the buckets, the log groups,
 * the site, the HTTP API, the web ACL) stays in this stack under its first logical ids, so no update replaces it
 * (tests/infra/stack-split.test.ts).
 */
export class FitGaugeStack extends Stack {
  readonly storage: Storage;
  readonly auth: Auth;
  readonly data: Data;
  readonly functions: ApiFunctions;
  readonly api: Api;
  readonly httpEndpoints: HttpEndpoints;
  readonly transcoding: Transcoding;
  readonly schedules: Schedules;
  readonly web: WebHosting;
  readonly deadLetters: DeadLetters;
  readonly mail: Mail;
  readonly monitoring: Monitoring;
  /** The nested stacks: AppSync's data sources and resolvers, the schedules, the alarms and dashboard. */
  readonly nestedStacks: { readonly resolvers: NestedStack; readonly jobs: NestedStack; readonly monitoring: NestedStack };

  constructor(scope: Construct, id: string, props: FitGaugeStackProps) {
    super(scope, id, props);

    this.storage = new Storage(this, 'Storage');
    this.auth = new Auth(this, 'Auth');
    this.data = new Data(this, 'Data');
    const secrets = new Secrets(this, 'Secrets', { prefix: props.secretsPrefix });
    this.transcoding = new Transcoding(this, 'Transcoding', { videos: this.storage.videos });

    const [mailQueue] = queueTriggers;
    const [mailEvents] = notificationTriggers;
    this.mail = new Mail(this, 'Mail', { trigger: mailQueue });

    this.functions = new ApiFunctions(this, 'Functions', {
      functions: { ...lambdaFunctions, ...triggerFunctions },
      auth: this.auth,
      data: this.data,
      storage: this.storage,
      secrets,
      transcoding: this.transcoding,
      mailFrom: props.mailFrom,
      mail: this.mail,
      appVersion: version,
      discord: props.discord,
    });
    // AppSync gets the resolver functions only; the trigger functions are invoked by their events.
    const resolverFunctions = new Map([...this.functions.byName].filter(([name]) => name in lambdaFunctions));
    // Signed-out calls carry this token; the authorizer admits it. Not a secret (config.json serves it), but its own per
    // deployment: the UUID CloudFormation gives the stack when it is created (the end of its stack id), so two stacks of
    // one name differ, while an update keeps it and open pages keep working through a redeploy.
    const publicToken = publicTokenOf(this);
    const publicAuthorizer = this.functions.byName.get(apiAuthorizer);
    if (!publicAuthorizer) throw new Error(`The API authorizer function ${apiAuthorizer} is not built`);
    publicAuthorizer.addEnvironment('PUBLIC_API_TOKEN', publicToken);
    // Its own small share of the account's concurrency: never starved by the other functions, never more than this.
    (publicAuthorizer.node.defaultChild as CfnFunction).reservedConcurrentExecutions = PUBLIC_AUTHORIZER_CONCURRENCY;
    const resolvers = new NestedStack(this, 'Resolvers', { description: "FitGauge: AppSync's Lambda data sources and resolvers" });
    this.api = new Api(this, 'Api', {
      userPool: this.auth.userPool,
      functions: resolverFunctions,
      resolvers: resolverMap,
      publicAuthorizer,
      publicToken,
      resolverScope: resolvers,
    });
    const graphqlApi = this.api.graphqlApi;
    // A function that publishes to subscribers runs its server-only mutations on the API with its own role.
    for (const [name, spec] of Object.entries(lambdaFunctions) as [string, LambdaFunctionSpec][]) {
      const fn = this.functions.byName.get(name);
      if (!fn || !spec.publishes?.length) continue;
      fn.addEnvironment('GRAPHQL_URL', graphqlApi.graphqlUrl);
      graphqlApi.grantMutation(fn, ...spec.publishes);
    }
    this.httpEndpoints = new HttpEndpoints(this, 'HttpEndpoints', { routes: httpRoutes, functions: this.functions.byName });
    this.deadLetters = new DeadLetters(this, 'DeadLetters', {
      names: asyncFunctionNames({ uploads: s3UploadTriggers, events: eventTriggers, notifications: notificationTriggers, schedules }),
      functions: this.functions.byName,
    });
    const deadLetterQueueOf = (name: string) => this.deadLetters.of(name);
    const triggers = new EventTriggers(this, 'EventTriggers', {
      uploads: s3UploadTriggers,
      events: eventTriggers,
      buckets: { uploads: this.storage.uploads, videos: this.storage.videos },
      functions: this.functions.byName,
      deadLetterQueueOf,
    });
    this.mail.connect(this.functions.byName, mailQueue, mailEvents);
    const jobs = new NestedStack(this, 'Jobs', { description: 'FitGauge: the EventBridge Scheduler schedules of the jobs' });
    this.schedules = new Schedules(jobs, 'Schedules', { schedules, functions: this.functions.byName, deadLetterQueueOf });
    // The recap schedules (one per shard) fire together every hour. Reserved concurrency caps the recap job so that
    // it never takes more than RECAP_CONCURRENCY of the account's Lambda capacity from the API's functions; the
    // shards beyond the cap wait in Lambda's asynchronous queue (Scheduler invokes asynchronously; throttled events
    // are retried for up to 6 hours) and run as the first ones finish, still within the hour (docs/recap.md).
    const recapJob = this.functions.byName.get('recapJob');
    if (!recapJob) throw new Error('The recap job function is not built');
    (recapJob.node.defaultChild as CfnFunction).reservedConcurrentExecutions = RECAP_CONCURRENCY;

    this.web = new WebHosting(this, 'Web', {
      accessLogs: this.storage.accessLogs,
      distPath: props.webDistPath,
      mediaOrigins: [this.storage.uploadsUrl, this.storage.videosUrl],
      avatarsBucketName: this.storage.uploadsName,
      mediaBucketName: this.storage.videosName,
      domain: props.domain,
    });
    this.storage.allowAvatarReads(this.web.distribution.distributionArn);
    this.storage.allowMediaReads(this.web.distribution.distributionArn);
    // Avatars and videos' HLS and thumbnails are read through the site (web-hosting.ts), so their addresses are the site's.
    this.functions.byName.get('avatars')?.addEnvironment('UPLOADS_PUBLIC_URL', this.web.url);
    const functionSpecs: Record<string, LambdaFunctionSpec> = { ...lambdaFunctions, ...triggerFunctions };
    for (const [name, spec] of Object.entries(functionSpecs)) {
      if (spec.uses?.includes('videos')) this.functions.byName.get(name)?.addEnvironment('MEDIA_PUBLIC_URL', `${this.web.url}/${VIDEO_MEDIA_ROOT}`);
    }
    this.storage.allowBrowserAccess(this.web.url);
    // Invite e-mails and readiness alerts link into the app.
    this.functions.byName.get('teams')?.addEnvironment('APP_URL', this.web.url);
    this.functions.byName.get('scoring')?.addEnvironment('APP_URL', this.web.url);
    const links = this.functions.byName.get('links');
    if (props.storeUrls?.appStore) links?.addEnvironment('APP_STORE_URL', props.storeUrls.appStore);
    if (props.storeUrls?.playStore) links?.addEnvironment('PLAY_STORE_URL', props.storeUrls.playStore);
    // Recap e-mails link to the report landing page.
    this.functions.byName.get('recapJob')?.addEnvironment('APP_URL', this.web.url);
    // The billing portal's way back to the app.
    this.functions.byName.get('customerPortal')?.addEnvironment('APP_URL', this.web.url);
    const site = this.web.deploySite({
      mode: 'aws',
      region: this.region,
      graphqlEndpoint: graphqlApi.graphqlUrl,
      publicToken,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      uploadsBucketUrl: this.storage.uploadsUrl,
      discordAuthorizeUrl: props.discord.authorizeUrl,
      discordClientId: props.discord.clientId,
      apiBaseUrl: this.httpEndpoints.api.apiEndpoint,
      stripePublishableKey: props.stripePublishableKey,
    });
    // config.json names the API only once its resolvers exist (an upgrade from one stack gets a new API: infra/lib/api.ts).
    site?.node.addDependency(resolvers);

    const monitoring = new NestedStack(this, 'Monitoring', { description: 'FitGauge: alarms, their topic and the operations dashboard' });
    this.monitoring = new Monitoring(monitoring, 'Watch', {
      namePrefix: this.stackName,
      alarmEmail: props.alarmEmail,
      lambdaConcurrencyQuota: props.lambdaConcurrencyQuota,
      functions: this.functions.byName,
      deadLetterQueues: this.deadLetters.byFunction,
      mailDeadLetters: this.mail.deadLetters,
      scheduledFunctions: [...new Set(schedules.map((entry) => entry.function))],
      // capacity.ts: the recap shards beyond RECAP_CONCURRENCY wait in Lambda's queue on purpose.
      throttledByDesign: ['recapJob'],
      graphqlApi,
      table: this.data.table,
      globalIndexNames: tableDesign.globalIndexes.map((index) => index.indexName),
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      webAclMetricName: this.api.firewall.metricName,
      eventRules: triggers.rules,
      scheduleGroup: this.schedules.group,
    });
    this.nestedStacks = { resolvers, jobs, monitoring };

    new CfnOutput(this, 'GraphqlEndpoint', { value: graphqlApi.graphqlUrl });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'WebUrl', { value: this.web.url });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'UploadsBucket', { value: this.storage.uploads.bucketName });
    new CfnOutput(this, 'VideosBucket', { value: this.storage.videos.bucketName });
    const webhook = httpRoutes.find((route) => route.function === 'stripeWebhook');
    if (!webhook) throw new Error('No HTTP route for the Stripe webhook');
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${this.httpEndpoints.api.apiEndpoint}${webhook.path}`,
      description: 'Register in Stripe (Developers, Webhooks, Add endpoint); its signing secret goes to the stripe/webhook-secret parameter',
    });
    new CfnOutput(this, 'DiscordRedirectUri', {
      value: `${this.web.url}${DISCORD_REDIRECT_PATH}`,
      description: "Add to the Discord application's OAuth2 redirects (Discord developer portal)",
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.monitoring.topic.topicArn,
      description: 'Every alarm goes here (docs/operations.md): subscribe to it unless alarmEmail is set',
    });
    new CfnOutput(this, 'SecretParameters', {
      value: secrets.parameterNames.join(','),
      description: 'SSM SecureString parameters to create before first use (aws ssm put-parameter --type SecureString)',
    });

    acknowledgeCdkHelpers(this);
  }
}

/** `fitgauge-public-<the stack's UUID>`: fixed for the life of the stack, unique to it (AppSync admits only it: infra/lib/api.ts). */
function publicTokenOf(stack: Stack): string {
  return Fn.join('', ['fitgauge-public-', Fn.select(2, Fn.split('/', stack.stackId))]);
}
