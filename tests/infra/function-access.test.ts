/**
 * What a function's `uses` (lambdas/resolver-map.ts) turns into: env variables and least-privilege grants.
 * Built from specs that use every resource, since the production map need not; Lambda bundling is skipped
 * (no code runs here), which keeps this synth fast.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnResource } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import cdkJson from '../../cdk.json';
import { Auth } from '../../infra/lib/auth';
import { Data } from '../../infra/lib/data';
import { Mail } from '../../infra/lib/mail';
import { ApiFunctions } from '../../infra/lib/functions';
import { acknowledgeCdkHelpers } from '../../infra/lib/nag';
import { Secrets } from '../../infra/lib/secrets';
import { Storage } from '../../infra/lib/storage';
import { Transcoding } from '../../infra/lib/transcoding';
import { WebHosting } from '../../infra/lib/web-hosting';
import type { LambdaFunctionSpec } from '../../lambdas/resolver-map';
import { queueTriggers } from '../../lambdas/triggers';

const entry = 'lambdas/system/handler.ts';
const specs: Record<string, LambdaFunctionSpec> = {
  billing: { entry, description: 'Stripe, uploads and mail', uses: ['stripeSecretKey', 'stripeWebhookSecret', 'uploads', 'mail'] },
  accounts: { entry, description: 'Cognito admin, Discord, videos', uses: ['userPool', 'discordClientSecret', 'videos'] },
  transcodes: { entry, description: 'Starts transcodes', uses: ['videos', 'transcoder'] },
  plain: { entry, description: 'Table only' },
  sender: { entry, description: 'Sends the queued mail', uses: ['mailDelivery'] },
};

let app: App;
let stack: Stack;
let template: Template;
let functions: ApiFunctions;
let storage: Storage;
let transcoding: Transcoding;
let mail: Mail;

const logicalId = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as CfnResource);

function envOf(name: string): Record<string, unknown> {
  const fn = template.findResources('AWS::Lambda::Function')[logicalId(functions.byName.get(name)!)];
  return fn.Properties.Environment.Variables;
}

/** Every statement of every policy attached to the function's role. */
function statementsOf(name: string): { Action: string | string[]; Resource: unknown }[] {
  const roleId = logicalId(functions.byName.get(name)!.role!);
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

const actionsOf = (name: string) => statementsOf(name).flatMap((statement) => [statement.Action].flat());

function resourcesFor(name: string, action: string): string {
  return JSON.stringify(
    statementsOf(name)
      .filter((statement) => [statement.Action].flat().includes(action))
      .map((s) => s.Resource),
  );
}

beforeAll(() => {
  app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  stack = new Stack(app, 'AccessTest', { env: { region: 'eu-west-1' } });
  storage = new Storage(stack, 'Storage');
  const auth = new Auth(stack, 'Auth');
  transcoding = new Transcoding(stack, 'Transcoding', { videos: storage.videos });
  mail = new Mail(stack, 'Mail', { trigger: queueTriggers[0] });
  functions = new ApiFunctions(stack, 'Functions', {
    functions: specs,
    auth,
    data: new Data(stack, 'Data'),
    storage,
    secrets: new Secrets(stack, 'Secrets', { prefix: '/fg-test/' }),
    transcoding,
    mailFrom: 'no-reply@mail.fitgauge.test',
    mail,
    appVersion: '9.9.9',
    discord: { clientId: 'discord-app-1', apiUrl: 'https://discord.test/api', authorizeUrl: 'https://discord.test/oauth2/authorize' },
  });
  const web = new WebHosting(stack, 'Web', { accessLogs: storage.accessLogs, distPath: '/nonexistent/web/dist', mediaOrigins: [] });
  web.deploySite({
    mode: 'aws',
    region: 'eu-west-1',
    graphqlEndpoint: 'https://example.invalid/graphql',
    publicToken: 'fitgauge-public-test',
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    uploadsBucketUrl: storage.uploadsUrl,
    discordAuthorizeUrl: 'https://discord.test/oauth2/authorize',
    discordClientId: 'discord-app-1',
    apiBaseUrl: 'https://api.example.invalid',
    stripePublishableKey: 'pk_test_public',
  });
  acknowledgeCdkHelpers(stack);
  template = Template.fromStack(stack);
}, 60_000);

describe('secrets', () => {
  it('hands a function only the SSM parameter names it uses, with read access to exactly those', () => {
    expect(envOf('billing')).toMatchObject({
      STRIPE_SECRET_KEY_PARAM: '/fg-test/stripe/secret-key',
      STRIPE_WEBHOOK_SECRET_PARAM: '/fg-test/stripe/webhook-secret',
    });
    expect(envOf('billing')).not.toHaveProperty('DISCORD_CLIENT_SECRET_PARAM');
    expect(envOf('accounts')).toMatchObject({
      DISCORD_CLIENT_SECRET_PARAM: '/fg-test/discord/client-secret',
      DISCORD_CLIENT_ID: 'discord-app-1',
      DISCORD_API_URL: 'https://discord.test/api',
    });
    expect(envOf('billing')).not.toHaveProperty('DISCORD_CLIENT_ID');

    const billingParams = resourcesFor('billing', 'ssm:GetParameter');
    expect(billingParams).toContain(':parameter/fg-test/stripe/secret-key');
    expect(billingParams).toContain(':parameter/fg-test/stripe/webhook-secret');
    expect(billingParams).not.toContain('discord');
    expect(resourcesFor('accounts', 'ssm:GetParameter')).not.toContain('stripe');
  });
});

describe('observability (lambdas/lib/observability.ts)', () => {
  it('gives every function the Powertools service, metrics namespace and log level, with active tracing', () => {
    for (const name of Object.keys(specs)) {
      expect(envOf(name)).toMatchObject({ POWERTOOLS_SERVICE_NAME: 'fitgauge', POWERTOOLS_METRICS_NAMESPACE: 'FitGauge', LOG_LEVEL: 'INFO' });
      const fn = template.findResources('AWS::Lambda::Function')[logicalId(functions.byName.get(name)!)];
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });
});

describe('grants by use', () => {
  it('gives a function that uses nothing the table, its own logs and X-Ray traces only', () => {
    expect(new Set(actionsOf('plain').map((action) => action.split(':')[0]))).toEqual(new Set(['dynamodb', 'logs', 'xray']));
    expect(Object.keys(envOf('plain'))).not.toEqual(expect.arrayContaining(['UPLOADS_BUCKET']));
    expect(envOf('plain')).not.toHaveProperty('MAIL_FROM');
  });

  it('scopes table access to the table and its two indexes, without Scan', () => {
    const tableResources = resourcesFor('plain', 'dynamodb:Query');
    expect(tableResources).toContain('/index/gsi1');
    expect(tableResources).toContain('/index/gsi2');
    expect(tableResources).not.toContain('index/*');
    expect(actionsOf('plain')).not.toContain('dynamodb:Scan');
  });

  it('lets bucket users read and write objects of their bucket only', () => {
    expect(envOf('billing')).toMatchObject({ UPLOADS_BUCKET: { Ref: logicalId(storage.uploads) } });
    expect(resourcesFor('billing', 's3:PutObject')).toContain(logicalId(storage.uploads));
    expect(resourcesFor('billing', 's3:PutObject')).not.toContain(logicalId(storage.videos));
    expect(envOf('accounts')).toMatchObject({ VIDEOS_BUCKET: { Ref: logicalId(storage.videos) } });
    expect(actionsOf('plain').filter((action) => action.startsWith('s3:'))).toEqual([]);
  });

  it('lets mail users put mail on the mail queue only, and the sender alone send as MAIL_FROM in the configuration set', () => {
    expect(envOf('billing')).toMatchObject({ MAIL_QUEUE_URL: { Ref: logicalId(mail.queue) } });
    expect(envOf('billing')).not.toHaveProperty('MAIL_FROM');
    expect(resourcesFor('billing', 'sqs:SendMessage')).toBe(JSON.stringify([{ 'Fn::GetAtt': [logicalId(mail.queue), 'Arn'] }]));
    expect(resourcesFor('billing', 'ses:SendEmail')).toBe('[]');
    expect(envOf('sender')).toMatchObject({
      MAIL_FROM: 'no-reply@mail.fitgauge.test',
      MAIL_CONFIGURATION_SET: { Ref: logicalId(mail.configurationSet) },
    });
    expect(resourcesFor('sender', 'ses:SendEmail')).toContain('identity/mail.fitgauge.test');
    expect(resourcesFor('sender', 'ses:SendEmail')).toContain('configuration-set');
  });

  it('gives Cognito admin calls on the pool to user-pool users only', () => {
    expect(actionsOf('accounts')).toEqual(expect.arrayContaining(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminInitiateAuth']));
    expect(actionsOf('billing').filter((action) => action.startsWith('cognito-idp:'))).toEqual([]);
  });

  it('lets transcode starters create jobs with the video template only, handing MediaConvert its own role', () => {
    expect(envOf('transcodes')).toMatchObject({
      MEDIACONVERT_JOB_TEMPLATE: 'AccessTest-video-hls',
      MEDIACONVERT_ROLE_ARN: { 'Fn::GetAtt': [logicalId(transcoding.role), 'Arn'] },
    });
    const createJob = resourcesFor('transcodes', 'mediaconvert:CreateJob');
    expect(createJob).toContain(stack.getLogicalId(transcoding.jobTemplate));
    expect(createJob).toContain(':queues/Default');
    expect(resourcesFor('transcodes', 'iam:PassRole')).toBe(JSON.stringify([{ 'Fn::GetAtt': [logicalId(transcoding.role), 'Arn'] }]));
    for (const other of ['plain', 'billing', 'accounts']) {
      expect(actionsOf(other).filter((action) => action.startsWith('mediaconvert:') || action === 'iam:PassRole')).toEqual([]);
    }
  });
});

describe('checks', () => {
  it('passes cdk-nag with every grant kind in use', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((violation) => violation.ruleName)).toEqual([]);
  });

  it('warns at synth, instead of failing, when the web app has not been built', () => {
    Annotations.fromStack(stack).hasWarning('/AccessTest/Web', Match.stringLikeRegexp('web app is not deployed'));
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});
