import { join } from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { DEFAULT_FUNCTION_TIMEOUT_SECONDS, type FunctionResource, type LambdaFunctionSpec } from '../../lambdas/resolver-map';
import type { Auth } from './auth';
import type { Data } from './data';
import { acknowledge, refInFinding } from './nag';
import { isSecretName, type Secrets } from './secrets';
import type { Storage } from './storage';
import type { Mail } from './mail';
import type { Transcoding } from './transcoding';

export const repoRoot = join(__dirname, '..', '..');

/**
 * The one Lambda runtime of every FitGauge function, and the esbuild target derived from it. nodejs24.x: AWS
 * supports it until 2028-04-30 (nodejs20.x was deprecated on 2026-04-30 and nodejs22.x is deprecated on 2027-04-30,
 * within a year). The machines and the local stack run Node 20, so the code keeps to what Node 20 has (no Node 22+
 * APIs; docs/architecture.md "Runtimes").
 */
export const RUNTIME = lambda.Runtime.NODEJS_24_X;
/** esbuild's target for RUNTIME, e.g. node24 for nodejs24.x. */
export const ESBUILD_TARGET = `node${/^nodejs(\d+)\.x$/.exec(RUNTIME.name)?.[1] ?? ''}`;
if (ESBUILD_TARGET === 'node') throw new Error(`No esbuild target for the runtime ${RUNTIME.name}`);

/**
 * When AWS deprecates each Lambda runtime the stack uses (ours and those of CDK's helper functions), from AWS's
 * runtime table (https://docs.aws.amazon.com/lambda/latest/dg/lambda-runtimes.html, also cfn-lint's E2533 data).
 * The infra test fails when any runtime in the template is unknown here or deprecated within a year.
 */
export const RUNTIME_DEPRECATION: Readonly<Record<string, string>> = {
  'nodejs22.x': '2027-04-30',
  'nodejs24.x': '2028-04-30',
  'python3.13': '2029-06-30',
};

/**
 * Injected into every bundle: formats stack traces with the TypeScript locations from index.js.map, reading the map at
 * the first stack trace instead of at start (infra/runtime/lazy-source-maps.ts).
 */
export const LAZY_SOURCE_MAPS = join(repoRoot, 'infra', 'runtime', 'lazy-source-maps.ts');

/** CloudWatch namespace of the business metrics (check-ins, refused sign-ins, sign-ups, password resets). */
const METRICS_NAMESPACE = 'FitGauge';

export const pascal = (name: string) => name.replace(/(^|[-_])(\w)/g, (_, __, c: string) => c.toUpperCase());

/**
 * Item-level table access for every function. Scan is left out on purpose: no request path may scan
 * (TransactWriteItems needs no action of its own, only the item actions it performs).
 */
const TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];

/** The user-management calls the API makes on the pool (sign-up, sign-in, groups, enable/disable). */
const USER_POOL_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminResetUserPassword',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminRespondToAuthChallenge',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:ListUsers',
  'cognito-idp:ListUsersInGroup',
];

interface ApiFunctionsProps {
  /** Normally `lambdaFunctions` from lambdas/resolver-map.ts. */
  readonly functions: Readonly<Record<string, LambdaFunctionSpec>>;
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly secrets: Secrets;
  /** MediaConvert's role and job template, for the functions that start transcodes. */
  readonly transcoding: Transcoding;
  /** Verified SES identity (address) the product sends mail from. */
  readonly mailFrom: string;
  /** The mail queue and SES's configuration set (mail.ts). */
  readonly mail: Mail;
  readonly appVersion: string;
  /** Discord's OAuth app, for the functions that use the Discord client secret. */
  readonly discord: DiscordApp;
}

export interface DiscordApp {
  readonly clientId: string;
  readonly apiUrl: string;
  readonly authorizeUrl: string;
}

/** One RUNTIME (Node 24) arm64 function per entry, bundled locally by esbuild, with the access its `uses` declares. */
export class ApiFunctions extends Construct {
  readonly byName = new Map<string, NodejsFunction>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ApiFunctionsProps,
  ) {
    super(scope, id);
    for (const [name, spec] of Object.entries(props.functions)) {
      this.byName.set(name, this.createFunction(name, spec));
    }
  }

  private createFunction(name: string, spec: LambdaFunctionSpec): NodejsFunction {
    const { auth, data, appVersion } = this.props;
    const id = pascal(name);
    const logGroup = new logs.LogGroup(this, `${id}Logs`, { retention: logs.RetentionDays.ONE_MONTH });
    // An own role instead of the default one with the AWSLambdaBasicExecutionRole managed policy:
    // it may write to its own log group only.
    const role = new iam.Role(this, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `FitGauge ${name} function`,
    });
    logGroup.grantWrite(role);
    role.addToPolicy(new iam.PolicyStatement({ actions: TABLE_ACTIONS, resources: data.tableAndIndexArns }));

    const fn = new NodejsFunction(this, `${id}Function`, {
      entry: join(repoRoot, spec.entry),
      handler: 'handler',
      description: spec.description,
      runtime: RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      // AppSync gives a resolver 30 s at most; fail well before it so the caller gets our error (jobs set their own).
      timeout: Duration.seconds(spec.timeoutSeconds ?? DEFAULT_FUNCTION_TIMEOUT_SECONDS),
      role,
      logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      bundling: {
        // esbuild resolves the @core/* alias from the root tsconfig's paths.
        tsconfig: join(repoRoot, 'tsconfig.json'),
        format: OutputFormat.CJS,
        target: ESBUILD_TARGET,
        minify: true,
        // Packages' ES module builds first (the AWS SDK's dist-es): esbuild drops what the function never uses.
        mainFields: ['module', 'main'],
        // Source maps beside the code (without the sources' text, a third of the size) for readable stack traces, read
        // at the first stack trace by the injected hook rather than at every cold start by --enable-source-maps
        // (docs/performance.md, "Cold starts").
        sourceMap: true,
        sourcesContent: false,
        inject: [LAZY_SOURCE_MAPS],
        // Ship the SDK versions of package-lock.json instead of whatever the runtime carries.
        bundleAwsSDK: true,
        forceDockerBundling: false,
      },
      environment: {
        TABLE_NAME: data.table.tableName,
        USER_POOL_ID: auth.userPool.userPoolId,
        USER_POOL_CLIENT_ID: auth.userPoolClient.userPoolClientId,
        APP_VERSION: appVersion,
        // Powertools (lambdas/lib/observability.ts): one service, one metrics namespace, INFO logs.
        POWERTOOLS_SERVICE_NAME: 'fitgauge',
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        LOG_LEVEL: 'INFO',
      },
      tracing: lambda.Tracing.ACTIVE,
    });
    acknowledge(
      role,
      'X-Ray PutTraceSegments and PutTelemetryRecords take no resource: active tracing needs them on "*".',
      'AwsSolutions-IAM5[Resource::*]',
    );

    // CDK makes the function depend on its whole role (the role and its default policy). The role is already a
    // GetAtt of the function (cfn-lint W3005: redundant DependsOn); the policy is not, and must exist before the
    // first invocation, so the function keeps depending on that alone.
    const cfnFunction = fn.node.defaultChild as lambda.CfnFunction;
    const policy = role.node.tryFindChild('DefaultPolicy')?.node.defaultChild as iam.CfnPolicy | undefined;
    if (policy) cfnFunction.addOverride('DependsOn', [Stack.of(this).getLogicalId(policy)]);

    for (const resource of spec.uses ?? []) this.grant(fn, role, resource);
    return fn;
  }

  private grant(fn: NodejsFunction, role: iam.Role, resource: FunctionResource): void {
    const { auth, storage, secrets, mailFrom, mail, transcoding } = this.props;
    if (isSecretName(resource)) {
      const { env, parameter } = secrets.parameters[resource];
      fn.addEnvironment(env, parameter.parameterName);
      parameter.grantRead(role);
      if (resource === 'discordClientSecret') {
        fn.addEnvironment('DISCORD_CLIENT_ID', this.props.discord.clientId);
        fn.addEnvironment('DISCORD_API_URL', this.props.discord.apiUrl);
      }
      return;
    }
    switch (resource) {
      case 'userPool':
        role.addToPolicy(new iam.PolicyStatement({ actions: USER_POOL_ACTIONS, resources: [auth.userPool.userPoolArn] }));
        return;
      case 'uploads':
        fn.addEnvironment('UPLOADS_BUCKET', storage.uploads.bucketName);
        return this.grantObjects(role, storage.uploads);
      case 'videos':
        fn.addEnvironment('VIDEOS_BUCKET', storage.videos.bucketName);
        return this.grantObjects(role, storage.videos);
      case 'transcoder':
        return transcoding.grantStartJob(fn, role);
      case 'mail':
        fn.addEnvironment('MAIL_QUEUE_URL', mail.queue.queueUrl);
        mail.queue.grantSendMessages(role);
        return;
      case 'mailDelivery': {
        fn.addEnvironment('MAIL_FROM', mailFrom);
        fn.addEnvironment('MAIL_CONFIGURATION_SET', mail.configurationSet.configurationSetName);
        const stack = Stack.of(this);
        const identity = (name: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
        // SES checks the identity the address belongs to (the address itself or its domain) and the configuration set.
        const identities = [mailFrom, mailFrom.split('@')[1]].map(identity);
        role.addToPolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: [...identities, mail.configurationSetArn] }));
        return;
      }
    }
  }

  /** Object read/write/delete (presigned POST and GET are signed with this role). */
  private grantObjects(role: iam.Role, bucket: s3.Bucket): void {
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    acknowledge(
      role,
      'Object keys are created per upload (user and item ids), so access is to objects of this one bucket, not to a fixed key list.',
      `AwsSolutions-IAM5[Resource::${refInFinding(bucket.node.defaultChild as s3.CfnBucket)}/*]`,
    );
  }
}
