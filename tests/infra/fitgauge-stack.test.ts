/**
 * The production stack as `cdk synth` builds it (same context as cdk.json), synthesized once: bundling the
 * Lambdas with esbuild is the slow part. The split into nested stacks has its own tests (stack-split.test.ts).
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type App, Stack, type CfnResource } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { isObjectType, type GraphQLObjectType } from 'graphql';
import { ROLES } from '@core/roles';
import { COUPON_OPERATIONS, PUBLIC_AUTH_OPERATIONS, RATE_LIMITS } from '../../infra/lib/api-firewall';
import { apiLimits } from '../../lambdas/api-limits';
import { RECAP_DUE_SHARDS } from '@core/report-sharing';
import { REMINDER_DUE_SHARDS } from '@core/reminders';
import { PUBLIC_AUTHORIZER_CONCURRENCY, RECAP_CONCURRENCY } from '../../infra/lib/capacity';
import { ESBUILD_TARGET, RUNTIME, RUNTIME_DEPRECATION, repoRoot } from '../../infra/lib/functions';
import { DISCORD_REDIRECT_PATH, type FitGaugeStack } from '../../infra/lib/fitgauge-stack';
import { paths } from '../../web/src/config/paths';
import { SPA_ROUTING_CODE } from '../../infra/lib/web-hosting';
import { tableDesign } from '../../lambdas/lib/db/table-design';
import { apiAuthorizer, queueTriggers, triggerFunctions } from '../../lambdas/triggers';
import { fieldsServedBy, resolverMap } from '../../lambdas/api-fields';
import { lambdaFunctions, type LambdaFunctionName, type LambdaFunctionSpec } from '../../lambdas/resolver-map';
import { buildAppSyncSchema, readSchemaSource } from '../../lambdas/schema';
import { inRoot, nestedTemplates, synthesizeFitGauge, type NestedName } from './fitgauge-app';
import { inParallel } from '../support/in-parallel';

let app: App;
let stack: FitGaugeStack;
let template: Template;
let nested: Record<NestedName, Template>;
let assembly: CloudAssembly;
let dispose: () => void;

const logicalId = (resource: unknown) => Stack.of(stack).resolve((resource as CfnResource).logicalId) as string;
const functionNames = Object.keys(lambdaFunctions) as LambdaFunctionName[];
const functionLogicalId = (name: string) => logicalId(stack.functions.byName.get(name)!.node.defaultChild);

function resourcesOf(type: string): Record<string, any> {
  return template.findResources(type);
}

/** A template value with the intrinsics the public token is made of (Join, Select, Split, Ref AWS::StackId) worked out. */
function evaluate(value: unknown, stackId: string): string | string[] {
  const text = (part: unknown) => String(evaluate(part, stackId));
  if (typeof value === 'string') return value;
  const node = value as Record<string, any>;
  if (node.Ref === 'AWS::StackId') return stackId;
  if (node['Fn::Join']) return (node['Fn::Join'][1] as unknown[]).map(text).join(node['Fn::Join'][0]);
  if (node['Fn::Split']) return text(node['Fn::Split'][1]).split(node['Fn::Split'][0]);
  if (node['Fn::Select']) return (evaluate(node['Fn::Select'][1], stackId) as string[])[node['Fn::Select'][0]]!;
  throw new Error(`Cannot evaluate ${JSON.stringify(value)}`);
}

/** The resources of a type in a nested stack, their parameters replaced by the root stack's values. */
function nestedResourcesOf(name: NestedName, type: string): Record<string, any> {
  return inRoot(stack, stack.nestedStacks[name], nested[name].findResources(type)) as Record<string, any>;
}

/** The function's bundle in the cloud assembly. */
function bundleOf(name: string): string {
  const s3Key: string = resourcesOf('AWS::Lambda::Function')[functionLogicalId(name)].Properties.Code.S3Key;
  return join(assembly.directory, `asset.${s3Key.replace(/\.zip$/, '')}`, 'index.js');
}

interface BundleProbe {
  handlerType: string;
  /** The fields a resolver function's handler serves (undefined for the other functions). */
  fields?: string[];
  /** The stack of the handler's first read of its event. */
  stack?: string;
}

// A test waits for its bundle's probe, which may queue behind the others' on a busy machine.
jest.setTimeout(120_000);

const execFileAsync = promisify(execFile);
let probes: Promise<Map<string, BundleProbe>>;

/**
 * Loads a bundle in a fresh process as the Lambda runtime runs it (no NODE_OPTIONS) and gives its handler an event that
 * throws on its first read: the stack of that read shows where in the function's code it happened.
 */
async function probeBundle(name: string): Promise<BundleProbe> {
  const script = `
    const { handler } = require(${JSON.stringify(bundleOf(name))});
    const loaded = { handlerType: typeof handler, fields: handler.fields };
    let stack;
    const event = new Proxy({}, { get() { stack ??= new Error('probe').stack; throw new TypeError('probe'); } });
    const context = { functionName: 'probe', awsRequestId: 'probe', getRemainingTimeInMillis: () => 10000 };
    Promise.resolve().then(() => handler(event, context)).catch(() => {}).finally(() => process.stdout.write(JSON.stringify({ ...loaded, stack })));`;
  const { stdout } = await execFileAsync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: '', AWS_REGION: 'us-east-1', AWS_EC2_METADATA_DISABLED: 'true', POWERTOOLS_DEV: '', LOG_LEVEL: 'SILENT' },
  });
  return JSON.parse(stdout.slice(stdout.lastIndexOf('{"handlerType"'))) as BundleProbe;
}

/** A bundle's probe, from the ones started before the tests (each bundle once, one process a core at a time). */
const probeOf = async (name: string): Promise<BundleProbe> => (await probes).get(name)!;

beforeAll(() => {
  ({ app, stack, assembly, dispose } = synthesizeFitGauge({ bundle: true }));
  template = Template.fromStack(stack);
  nested = nestedTemplates(stack);
}, 180_000);

afterAll(() => dispose());

describe('Cognito', () => {
  it('signs in by e-mail with the strong password policy, and only admins (the API) create users', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      DeletionProtection: 'ACTIVE',
    });
  });

  it('has one group per role', () => {
    const groups = Object.values(resourcesOf('AWS::Cognito::UserPoolGroup')).map((group) => group.Properties.GroupName);
    expect(groups.sort()).toEqual([...ROLES].sort());
    expect(ROLES).toEqual(['SUPERADMIN', 'ADMIN', 'DIRECTOR', 'COACH', 'GAMER', 'SELF']);
  });

  it('gives the web app a secretless client for server-side password sign-in and token refresh', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
    });
  });

  it('issues access and id tokens for a morning (6 hours, within the day a sign-out is remembered) and refresh tokens for 30 days', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AccessTokenValidity: 6 * 60,
      IdTokenValidity: 6 * 60,
      RefreshTokenValidity: 30 * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      EnableTokenRevocation: true,
    });
  });

  it('is on the Lite feature plan (docs/accounts.md lists the features the product uses)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTier: 'LITE' });
  });
});

describe('AppSync', () => {
  it('serves schema.graphql with Cognito user pools by default, a Lambda authorizer for public operations and IAM for the functions', () => {
    const authorizer = { 'Fn::GetAtt': [functionLogicalId(apiAuthorizer), 'Arn'] };
    template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      AuthenticationType: 'AMAZON_COGNITO_USER_POOLS',
      UserPoolConfig: Match.objectLike({ UserPoolId: { Ref: logicalId(stack.auth.userPool.node.defaultChild) } }),
      AdditionalAuthenticationProviders: [
        {
          AuthenticationType: 'AWS_LAMBDA',
          LambdaAuthorizerConfig: {
            AuthorizerUri: authorizer,
            AuthorizerResultTtlInSeconds: 3600,
            IdentityValidationExpression: Match.anyValue(),
          },
        },
        { AuthenticationType: 'AWS_IAM' },
      ],
    });
    // No API key: the authorizer was kept over a key kept alive by a scheduled extension (docs/architecture.md, "Signed-out calls").
    template.resourceCountIs('AWS::AppSync::ApiKey', 0);
    // The authorizer admits exactly the token the site's config.json hands out: its own per deployment (the UUID at the
    // end of the stack's id, which CloudFormation gives each stack it creates), not one every stack of a name shares.
    const publicToken = (
      resourcesOf('AWS::Lambda::Function')[functionLogicalId(apiAuthorizer)]!.Properties.Environment.Variables as Record<string, unknown>
    ).PUBLIC_API_TOKEN;
    expect(publicToken).toEqual({ 'Fn::Join': ['', ['fitgauge-public-', { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }]] });
    // AppSync invokes the authorizer only for values its validation expression matches: exactly that token, so a made-up
    // one is refused by AppSync itself and costs no Lambda invocation.
    const stackUuid = randomUUID();
    const stackId = `arn:aws:cloudformation:us-east-1:123456789012:stack/FitGauge/${stackUuid}`;
    const [api] = Object.values(resourcesOf('AWS::AppSync::GraphQLApi'));
    const lambdaMode = api.Properties.AdditionalAuthenticationProviders.find(
      (mode: { AuthenticationType: string }) => mode.AuthenticationType === 'AWS_LAMBDA',
    );
    const validation = new RegExp(String(evaluate(lambdaMode.LambdaAuthorizerConfig.IdentityValidationExpression, stackId)));
    expect(evaluate(publicToken, stackId)).toBe(`fitgauge-public-${stackUuid}`);
    expect(`fitgauge-public-${stackUuid}`).toMatch(validation);
    for (const madeUp of [
      `fitgauge-public-${randomUUID()}`,
      `fitgauge-public-${stackUuid}x`,
      `xfitgauge-public-${stackUuid}`,
      'fitgauge-public-local',
    ]) {
      expect(madeUp).not.toMatch(validation);
    }
    template.hasResourceProperties('AWS::AppSync::GraphQLSchema', { Definition: readSchemaSource() });
  });

  const publishesOf = (name: LambdaFunctionName) => (lambdaFunctions[name] as LambdaFunctionSpec).publishes ?? [];
  it.each(functionNames.filter((name) => publishesOf(name).length > 0))(
    '%s may run exactly its publish mutations on the API, at the address in GRAPHQL_URL',
    (name) => {
      const fn = resourcesOf('AWS::Lambda::Function')[functionLogicalId(name)];
      expect(fn.Properties.Environment.Variables.GRAPHQL_URL).toEqual({
        'Fn::GetAtt': [logicalId(stack.api.graphqlApi.node.defaultChild), 'GraphQLUrl'],
      });
      const role = fn.Properties.Role['Fn::GetAtt'][0];
      const statements = Object.values(resourcesOf('AWS::IAM::Policy'))
        .filter((policy) => policy.Properties.Roles.some((ref: { Ref: string }) => ref.Ref === role))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
        .filter((statement) => statement.Action === 'appsync:GraphQL');
      const fields = statements
        .flatMap((statement) => [statement.Resource].flat())
        .map((resource) =>
          JSON.stringify(resource)
            .match(/types\/(\w+)\/fields\/(\w+)/)
            ?.slice(1)
            .join('.'),
        );
      expect(fields).toEqual(publishesOf(name).map((mutation) => `Mutation.${mutation}`));
    },
  );

  it('has a Lambda data source for every function', () => {
    const dataSources = Object.values(nestedResourcesOf('resolvers', 'AWS::AppSync::DataSource'));
    for (const name of functionNames) {
      expect(dataSources).toContainEqual(
        expect.objectContaining({
          Properties: expect.objectContaining({
            Type: 'AWS_LAMBDA',
            LambdaConfig: { LambdaFunctionArn: { 'Fn::GetAtt': [functionLogicalId(name), 'Arn'] } },
          }),
        }),
      );
    }
  });

  it.each(Object.entries(resolverMap))('wires %s to the %s function', (field, functionName) => {
    const [typeName, fieldName] = field.split('.');
    const resolvers = Object.values(nestedResourcesOf('resolvers', 'AWS::AppSync::Resolver')).filter(
      (resolver) => resolver.Properties.TypeName === typeName && resolver.Properties.FieldName === fieldName,
    );
    expect(resolvers).toHaveLength(1);
    const dataSources = Object.values(nestedResourcesOf('resolvers', 'AWS::AppSync::DataSource')).filter(
      (dataSource) => dataSource.Properties.Name === resolvers[0].Properties.DataSourceName,
    );
    expect(dataSources).toHaveLength(1);
    expect(dataSources[0].Properties.LambdaConfig.LambdaFunctionArn).toEqual({
      'Fn::GetAtt': [functionLogicalId(functionName), 'Arn'],
    });
    expect(resolvers[0].Properties.Kind).toBe('UNIT'); // direct Lambda: no pipeline, no mapping templates
    expect(resolvers[0].Properties.RequestMappingTemplate).toBeUndefined();
  });

  it('has a resolver for every root field of schema.graphql', () => {
    const schema = buildAppSyncSchema();
    const wired = new Set(
      Object.values(nested.resolvers.findResources('AWS::AppSync::Resolver')).map((r) => `${r.Properties.TypeName}.${r.Properties.FieldName}`),
    );
    const rootFields = (['Query', 'Mutation', 'Subscription'] as const).flatMap((typeName) => {
      const type = schema.getType(typeName);
      return isObjectType(type) ? Object.keys(type.getFields()).map((field) => `${typeName}.${field}`) : [];
    });
    expect(rootFields.filter((field) => !wired.has(field))).toEqual([]);
  });

  it('has no resolver the map does not name', () => {
    nested.resolvers.resourceCountIs('AWS::AppSync::Resolver', Object.keys(resolverMap).length);
  });
});

describe('AppSync request limits and WAF', () => {
  const apiLogicalId = () => logicalId(stack.api.graphqlApi.node.defaultChild);
  const webAcl = () => {
    const [acl, ...others] = Object.values(resourcesOf('AWS::WAFv2::WebACL'));
    expect(others).toEqual([]);
    return acl.Properties;
  };
  const ruleNamed = (name: string) => webAcl().Rules.find((rule: { Name: string }) => rule.Name === name);

  it('sets the query depth and resolver count limits the local gateway enforces', () => {
    template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      QueryDepthLimit: apiLimits.queryDepth,
      ResolverCountLimit: apiLimits.resolverCount,
    });
  });

  it('associates one regional web ACL with the API', () => {
    expect(webAcl()).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [apiLogicalId(), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [logicalId(stack.api.firewall.webAcl), 'Arn'] },
    });
  });

  it('limits the public sign-in, sign-up and reset operations per IP, before anything else', () => {
    const rule = ruleNamed('PublicAuthRatePerIp');
    expect(rule.Priority).toBe(0);
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    expect(rule.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'IP',
      Limit: RATE_LIMITS.publicAuthPerIp,
      EvaluationWindowSec: 300,
    });
    const matches = rule.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map((statement: any) => statement.ByteMatchStatement);
    expect(matches.map((match: any) => match.SearchString).sort()).toEqual(['forgotPassword', 'logInUserWithDiscord', 'loginUser', 'signUpUser']);
    for (const match of matches) {
      expect(match).toMatchObject({
        FieldToMatch: { Body: { OversizeHandling: 'MATCH' } },
        PositionalConstraint: 'CONTAINS',
        TextTransformations: [{ Priority: 0, Type: 'JS_DECODE' }],
      });
    }
  });

  it('names only public operations of schema.graphql, covering every one that checks a password or a code', () => {
    const mutations = Object.keys((buildAppSyncSchema().getMutationType() as GraphQLObjectType).getFields());
    const covered = mutations.filter((field) => PUBLIC_AUTH_OPERATIONS.some((name) => field.includes(name)));
    expect(covered.sort()).toEqual([
      'forgotPassword',
      'forgotPasswordFinal',
      'forgotPasswordVerify',
      'logInUserWithDiscord',
      'loginUser',
      'signUpUser',
    ]);
  });

  it('limits the coupon operations per IP, right after the sign-in ones, matching every coupon field of the schema', () => {
    const rule = ruleNamed('CouponRatePerIp');
    expect(rule.Priority).toBe(1);
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    expect(rule.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: RATE_LIMITS.couponPerIp, EvaluationWindowSec: 300 });
    const matches = rule.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map((statement: any) => statement.ByteMatchStatement);
    expect(matches.map((match: any) => match.SearchString).sort()).toEqual(['applyCouponToEmail', 'checkCoupon', 'confirmCoupon']);
    for (const match of matches)
      expect(match).toMatchObject({
        FieldToMatch: { Body: { OversizeHandling: 'MATCH' } },
        TextTransformations: [{ Priority: 0, Type: 'JS_DECODE' }],
      });
    const schema = buildAppSyncSchema();
    const fields = [...Object.keys(schema.getQueryType()!.getFields()), ...Object.keys((schema.getMutationType() as GraphQLObjectType).getFields())];
    expect(fields.filter((field) => /coupon/i.test(field) && COUPON_OPERATIONS.some((name) => field.includes(name))).sort()).toEqual(
      [...COUPON_OPERATIONS].sort(),
    );
    expect(RATE_LIMITS.allPerIp).toBeGreaterThan(RATE_LIMITS.couponPerIp);
  });

  it('limits every request per IP, and applies the AWS common rule set without blocking GraphQL bodies by size or markup', () => {
    expect(ruleNamed('AllRequestsRatePerIp').Statement.RateBasedStatement).toEqual({
      AggregateKeyType: 'IP',
      Limit: RATE_LIMITS.allPerIp,
      EvaluationWindowSec: 300,
    });
    expect(RATE_LIMITS.allPerIp).toBeGreaterThan(RATE_LIMITS.publicAuthPerIp);
    const common = ruleNamed('AwsCommonRuleSet');
    expect(common.OverrideAction).toEqual({ None: {} });
    expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
      { Name: 'CrossSiteScripting_BODY', ActionToUse: { Count: {} } },
    ]);
  });
});

describe('Lambda functions', () => {
  // Every bundle's probe starts now and runs while the tests before it do (loading some twenty 1 MB bundles one after
  // another is most of this file's time); the tests await them.
  beforeAll(() => {
    const names = [...functionNames, ...Object.keys(triggerFunctions)];
    probes = inParallel(names, Math.max(1, availableParallelism()), async (name) => [name, await probeBundle(name)] as const).then(
      (entries) => new Map(entries),
    );
    probes.catch(() => undefined);
  });

  it.each(functionNames)('%s runs on the project runtime (arm64) with its own log group and the deployment config in env', (name) => {
    const fn = resourcesOf('AWS::Lambda::Function')[functionLogicalId(name)];
    expect(fn.Properties).toMatchObject({
      Runtime: RUNTIME.name,
      Architectures: ['arm64'],
      Environment: {
        Variables: expect.objectContaining({
          TABLE_NAME: { Ref: logicalId(stack.data.table.node.defaultChild) },
          USER_POOL_ID: { Ref: logicalId(stack.auth.userPool.node.defaultChild) },
          USER_POOL_CLIENT_ID: { Ref: logicalId(stack.auth.userPoolClient.node.defaultChild) },
          APP_VERSION: expect.any(String),
          POWERTOOLS_SERVICE_NAME: 'fitgauge',
        }),
      },
    });
    const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref;
    expect(resourcesOf('AWS::Logs::LogGroup')[logGroupId].Properties.RetentionInDays).toBeGreaterThan(0);
  });

  it.each(functionNames)('%s bundle resolves the @core alias, loads, and serves exactly its mapped fields', async (name) => {
    expect(readFileSync(bundleOf(name), 'utf8')).not.toMatch(/require\(["']@core\//);
    expect([...((await probeOf(name)).fields ?? [])].sort()).toEqual(fieldsServedBy(name).sort());
  });

  it.each([...functionNames, ...Object.keys(triggerFunctions)])(
    '%s ships its source map beside the code, reads it at the first stack trace only, and maps its frames to the sources',
    async (name) => {
      const fn = resourcesOf('AWS::Lambda::Function')[functionLogicalId(name)];
      // --enable-source-maps would parse the map at every cold start (docs/performance.md, "Cold starts").
      expect(String(fn.Properties.Environment.Variables.NODE_OPTIONS ?? '')).not.toContain('--enable-source-maps');
      const bundle = bundleOf(name);
      expect(existsSync(`${bundle}.map`)).toBe(true);
      const { stack } = await probeOf(name);
      const frames = (stack ?? '').split('\n').slice(1);
      expect(frames.filter((frame) => frame.includes(bundle))).toEqual([]);
      expect(
        frames.filter((frame) => new RegExp(`\\(${repoRoot}/(lambdas|core|node_modules)/[^)]+:\\d+:\\d+\\)$`).test(frame)).length,
      ).toBeGreaterThan(0);
    },
  );

  it('runs every function of the template (ours and CDK helpers) on a runtime AWS supports for at least another year', () => {
    const runtimes = [...new Set(Object.values(resourcesOf('AWS::Lambda::Function')).map((fn) => fn.Properties.Runtime as string))].sort();
    expect(runtimes).toContain(RUNTIME.name);
    const aYearFromNow = Date.now() + 365 * 24 * 3600 * 1000;
    const tooSoon = runtimes.filter((runtime) => !(Date.parse(RUNTIME_DEPRECATION[runtime] ?? '1970-01-01') > aYearFromNow));
    expect(tooSoon).toEqual([]);
    // The bundles are built for the same Node version as the runtime runs.
    expect(`${ESBUILD_TARGET}.x`).toBe(RUNTIME.name.replace(/^nodejs/, 'node'));
  });

  it('makes each function depend on its role through the role (GetAtt) and on its policy alone (cfn-lint W3005)', () => {
    expect(stack.functions.byName.size).toBeGreaterThan(15);
    for (const name of stack.functions.byName.keys()) {
      const fn = resourcesOf('AWS::Lambda::Function')[functionLogicalId(name)];
      const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
      expect(fn.DependsOn).toHaveLength(1);
      expect(resourcesOf('AWS::IAM::Policy')[fn.DependsOn[0]].Properties.Roles).toEqual([{ Ref: roleId }]);
    }
  });

  it('caps the recap job at RECAP_CONCURRENCY concurrent runs, below its shard count, reserves the public authorizer its few, holds the mail sender to its queue concurrency, and nothing for the others', () => {
    const reserved = Object.entries(resourcesOf('AWS::Lambda::Function'))
      .filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined)
      .map(([id, fn]) => [id, fn.Properties.ReservedConcurrentExecutions]);
    expect(reserved).toEqual(
      expect.arrayContaining([
        [functionLogicalId('recapJob'), RECAP_CONCURRENCY],
        [functionLogicalId(apiAuthorizer), PUBLIC_AUTHORIZER_CONCURRENCY],
        [functionLogicalId('mailSender'), queueTriggers[0].concurrency],
      ]),
    );
    expect(reserved).toHaveLength(3);
    expect(RECAP_CONCURRENCY).toBeLessThan(RECAP_DUE_SHARDS);
    // Small beside the account's default of 1,000 concurrent executions, of which 100 must stay unreserved.
    expect(PUBLIC_AUTHORIZER_CONCURRENCY).toBe(30);
    // Every recap schedule targets the capped function.
    const recapJob = { 'Fn::GetAtt': [functionLogicalId('recapJob'), 'Arn'] };
    const targets = Object.values(nestedResourcesOf('jobs', 'AWS::Scheduler::Schedule')).map((schedule) => schedule.Properties.Target.Arn);
    expect(targets.filter((arn) => JSON.stringify(arn) === JSON.stringify(recapJob))).toHaveLength(RECAP_DUE_SHARDS);
    // The only other schedules: the reminder job's, one per shard, and the account-deletion repair.
    expect(targets.filter((arn) => JSON.stringify(arn) !== JSON.stringify(recapJob))).toEqual([
      ...Array.from({ length: REMINDER_DUE_SHARDS }, () => ({ 'Fn::GetAtt': [functionLogicalId('reminderJob'), 'Arn'] })),
      { 'Fn::GetAtt': [functionLogicalId('deletionRepair'), 'Arn'] },
    ]);
  });

  it('never grants Scan on the table', () => {
    expect(JSON.stringify(resourcesOf('AWS::IAM::Policy'))).not.toMatch(/dynamodb:Scan|dynamodb:\*/);
  });
});

describe('DynamoDB', () => {
  it('is the table-design table: on demand, PITR, TTL, both GSIs with every attribute, encrypted, retained', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: tableDesign.globalIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    });
  });
});

describe('S3', () => {
  it('blocks public access and encrypts every bucket', () => {
    const buckets = Object.values(resourcesOf('AWS::S3::Bucket'));
    expect(buckets).toHaveLength(4); // access logs, uploads, videos, web site
    for (const bucket of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    }
  });

  it('denies every request without TLS on every bucket', () => {
    const policies = Object.values(resourcesOf('AWS::S3::BucketPolicy'));
    const buckets = Object.keys(resourcesOf('AWS::S3::Bucket'));
    const guarded = policies
      .filter((policy) =>
        policy.Properties.PolicyDocument.Statement.some(
          (statement: any) => statement.Effect === 'Deny' && statement.Condition?.Bool?.['aws:SecureTransport'] === 'false',
        ),
      )
      .map((policy) => policy.Properties.Bucket.Ref);
    expect(guarded.sort()).toEqual(buckets.sort());
  });

  it('names the data buckets after the stack creation (a retry after a rolled-back first deploy gets new names) and retains them', () => {
    for (const bucket of [stack.storage.uploads, stack.storage.videos]) {
      const resource = resourcesOf('AWS::S3::Bucket')[logicalId(bucket.node.defaultChild)];
      expect(resource.DeletionPolicy).toBe('Retain');
      const name = JSON.stringify(resource.Properties.BucketName);
      expect(name).toContain('{"Ref":"AWS::StackId"}');
      expect(name).not.toContain('AWS::AccountId');
    }
    // What CloudFormation makes of it, for a stack id: <name>-<purpose>-<last 12 digits of the id's UUID>.
    const stackId = 'arn:aws:cloudformation:us-east-1:123456789012:stack/FitGauge/4c0e2b70-9a1f-11ef-8c3d-0affd3b4c5e7';
    const uuidTail = stackId.split('/')[2].split('-')[4];
    expect(uuidTail).toBe('0affd3b4c5e7');
    expect(resourcesOf('AWS::S3::Bucket')[logicalId(stack.storage.uploads.node.defaultChild)].Properties.BucketName).toEqual({
      'Fn::Join': [
        '',
        ['fitgauge-uploads-', { 'Fn::Select': [4, { 'Fn::Split': ['-', { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }] }] }],
      ],
    });
  });

  it('lets only the web origin upload by presigned POST', () => {
    const uploads = resourcesOf('AWS::S3::Bucket')[logicalId(stack.storage.uploads.node.defaultChild)];
    const [rule] = uploads.Properties.CorsConfiguration.CorsRules;
    expect(rule.AllowedMethods).toContain('POST');
    expect(rule.AllowedOrigins).toEqual([
      { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.web.distribution.node.defaultChild), 'DomainName'] }]] },
    ]);
  });
});

describe('Transcoding (MediaConvert)', () => {
  const videosBucket = () => logicalId(stack.storage.videos.node.defaultChild);
  const triggerFunctionArn = (name: string) => ({ 'Fn::GetAtt': [functionLogicalId(name), 'Arn'] });

  it("gives MediaConvert a role that reads the videos bucket's uploads and writes its media, nothing else", () => {
    const roleId = logicalId(stack.transcoding.role.node.defaultChild);
    expect(resourcesOf('AWS::IAM::Role')[roleId].Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Action: 'sts:AssumeRole', Principal: { Service: 'mediaconvert.amazonaws.com' } }),
    ]);
    const statements = Object.values(resourcesOf('AWS::IAM::Policy'))
      .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    const objects = (prefix: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [videosBucket(), 'Arn'] }, `/${prefix}*`]] });
    expect(statements).toEqual([
      expect.objectContaining({ Action: 's3:GetObject', Resource: objects('videos/*/source/') }),
      expect.objectContaining({ Action: 's3:PutObject', Resource: objects('media/') }),
    ]);
  });

  it('defines the job template: HLS renditions and one thumbnail frame', () => {
    const [jobTemplate] = Object.values(resourcesOf('AWS::MediaConvert::JobTemplate'));
    const [hls, thumbnail] = jobTemplate.Properties.SettingsJson.OutputGroups;
    expect(hls.OutputGroupSettings.Type).toBe('HLS_GROUP_SETTINGS');
    expect(hls.Outputs.map((output: any) => [output.VideoDescription.Height, output.VideoDescription.CodecSettings.Codec])).toEqual([
      [720, 'H_264'],
      [360, 'H_264'],
    ]);
    expect(thumbnail.Outputs[0].VideoDescription.CodecSettings).toMatchObject({ Codec: 'FRAME_CAPTURE', FrameCaptureSettings: { MaxCaptures: 1 } });
    expect(resourcesOf('AWS::Lambda::Function')[functionLogicalId('transcodeStart')].Properties.Environment.Variables).toMatchObject({
      MEDIACONVERT_JOB_TEMPLATE: jobTemplate.Properties.Name,
      MEDIACONVERT_ROLE_ARN: { 'Fn::GetAtt': [logicalId(stack.transcoding.role.node.defaultChild), 'Arn'] },
      VIDEOS_BUCKET: { Ref: videosBucket() },
    });
  });

  it("starts a transcode on an upload to the videos bucket and records MediaConvert's final job states", () => {
    const [notifications] = Object.values(resourcesOf('Custom::S3BucketNotifications'));
    expect(notifications.Properties).toMatchObject({
      BucketName: { Ref: videosBucket() },
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'videos/' }] } },
            LambdaFunctionArn: triggerFunctionArn('transcodeStart'),
          },
        ],
      },
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.mediaconvert'],
        'detail-type': ['MediaConvert Job State Change'],
        detail: { status: ['COMPLETE', 'ERROR', 'CANCELED'] },
      },
      Targets: [Match.objectLike({ Arn: triggerFunctionArn('transcodeStatus') })],
    });
  });

  it.each(['transcodeStart', 'transcodeStatus'])('%s bundle loads and exports its handler', async (name) => {
    expect((await probeOf(name)).handlerType).toBe('function');
  });
});

describe('CloudFront', () => {
  it('serves the SPA from the private bucket through origin access control, app routes through index.html', () => {
    const routing = logicalId(stack.web.node.findChild('SpaRouting').node.defaultChild);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        // The site's bucket, the uploads bucket for /avatars/* and the videos bucket for /media/*.
        Origins: [0, 1, 2].map(() => Match.objectLike({ OriginAccessControlId: Match.anyValue() })),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: { Ref: logicalId(stack.web.node.findChild('SecurityHeaders').node.defaultChild) },
          FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [routing, 'FunctionARN'] } }],
        }),
      }),
    });
    // No error page for the whole distribution: it would answer a missing avatar, HLS segment or chunk with the app.
    const [distribution] = Object.values(resourcesOf('AWS::CloudFront::Distribution'));
    expect(distribution.Properties.DistributionConfig.CustomErrorResponses).toBeUndefined();
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: SPA_ROUTING_CODE,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });

  it('sends app routes to index.html and leaves files alone, as the local web server does', () => {
    const handler = new Function(`${SPA_ROUTING_CODE}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    const routed = (uri: string) => handler({ request: { uri } }).uri;
    expect(['/', '/home/my-scores', '/home/users/0b8e7c1e-5f1a-4a51-9d41-2b6f3c1d9e77/disable', '/auth/login'].map(routed)).toEqual(
      Array(4).fill('/index.html'),
    );
    expect(['/assets/index-CAt6rx6Q.js', '/favicon.svg', '/config.json', '/assets/missing.js'].map(routed)).toEqual([
      '/assets/index-CAt6rx6Q.js',
      '/favicon.svg',
      '/config.json',
      '/assets/missing.js',
    ]);
  });

  it('serves avatars from the uploads bucket, which lets the distribution read avatars/* only', () => {
    const [distribution] = Object.values(resourcesOf('AWS::CloudFront::Distribution'));
    const { CacheBehaviors, Origins } = distribution.Properties.DistributionConfig;
    const behavior = CacheBehaviors.find((candidate: { PathPattern: string }) => candidate.PathPattern === 'avatars/*');
    expect(behavior).toEqual(expect.objectContaining({ AllowedMethods: ['GET', 'HEAD'], ViewerProtocolPolicy: 'redirect-to-https' }));
    const origin = Origins.find((candidate: { Id: string }) => candidate.Id === behavior.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toMatch(/"fitgauge-uploads-".*\.s3\.us-east-1\.amazonaws\.com/);

    const uploadsId = logicalId(stack.storage.uploads.node.defaultChild);
    const [bucketPolicy] = Object.values(resourcesOf('AWS::S3::BucketPolicy')).filter((policy) => policy.Properties.Bucket.Ref === uploadsId);
    const reads = bucketPolicy.Properties.PolicyDocument.Statement.filter(
      (statement: { Principal?: { Service?: string } }) => statement.Principal?.Service === 'cloudfront.amazonaws.com',
    );
    expect(reads).toEqual([
      expect.objectContaining({
        Action: 's3:GetObject',
        Effect: 'Allow',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [uploadsId, 'Arn'] }, '/avatars/*']] },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
      }),
    ]);
    const avatars = resourcesOf('AWS::Lambda::Function')[functionLogicalId('avatars')];
    expect(avatars.Properties.Environment.Variables.UPLOADS_PUBLIC_URL).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.web.distribution.node.defaultChild), 'DomainName'] }]],
    });
  });

  it("serves the transcoder's media from the videos bucket, which lets only the distribution read, and media/* only", () => {
    const [distribution] = Object.values(resourcesOf('AWS::CloudFront::Distribution'));
    const { CacheBehaviors, Origins } = distribution.Properties.DistributionConfig;
    expect(CacheBehaviors.map((candidate: { PathPattern: string }) => candidate.PathPattern).sort()).toEqual(['avatars/*', 'media/*']);
    const behavior = CacheBehaviors.find((candidate: { PathPattern: string }) => candidate.PathPattern === 'media/*');
    expect(behavior).toEqual(expect.objectContaining({ AllowedMethods: ['GET', 'HEAD'], ViewerProtocolPolicy: 'redirect-to-https' }));
    const origin = Origins.find((candidate: { Id: string }) => candidate.Id === behavior.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toMatch(/"fitgauge-videos-".*\.s3\.us-east-1\.amazonaws\.com/);
    expect(origin.OriginAccessControlId).toEqual(expect.anything());

    const videosId = logicalId(stack.storage.videos.node.defaultChild);
    const [bucketPolicy] = Object.values(resourcesOf('AWS::S3::BucketPolicy')).filter((policy) => policy.Properties.Bucket.Ref === videosId);
    // Besides the TLS-only Deny, one Allow: the distribution, GetObject, media/*. Sources under videos/ stay unreadable from outside.
    const allows = bucketPolicy.Properties.PolicyDocument.Statement.filter((statement: { Effect: string }) => statement.Effect === 'Allow');
    expect(allows).toEqual([
      {
        Action: 's3:GetObject',
        Effect: 'Allow',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [videosId, 'Arn'] }, '/media/*']] },
        Condition: {
          StringEquals: {
            'AWS:SourceArn': { 'Fn::Join': ['', expect.arrayContaining([{ Ref: logicalId(stack.web.distribution.node.defaultChild) }])] },
          },
        },
      },
    ]);
    const videos = resourcesOf('AWS::Lambda::Function')[functionLogicalId('videos')];
    expect(videos.Properties.Environment.Variables.MEDIA_PUBLIC_URL).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.web.distribution.node.defaultChild), 'DomainName'] }, '/media']],
    });
  });

  it('sends CSP, HSTS, nosniff, DENY framing and a referrer policy', () => {
    const [policy] = Object.values(resourcesOf('AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = JSON.stringify(Stack.of(stack).resolve(headers.ContentSecurityPolicy.ContentSecurityPolicy));
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // index.html's inline script (the colour mode before the first paint) runs under the CSP by its hash.
    const [, colourModeScript] = /<script>([\s\S]*?)<\/script>/.exec(readFileSync(join(repoRoot, 'web', 'index.html'), 'utf8'))!;
    expect(csp).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(colourModeScript!).digest('base64')}'`);
    expect(csp).toContain('https://*.appsync-api.us-east-1.amazonaws.com');
    expect(csp).toContain('wss://*.appsync-realtime-api.us-east-1.amazonaws.com');
    expect(csp).toContain('https://cognito-idp.us-east-1.amazonaws.com');
    expect(csp).toMatch(/img-src [^;]*https:\/\/fitgauge-uploads-/);
    expect(csp).toMatch(/media-src [^;]*https:\/\/fitgauge-videos-/);
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: expect.any(Number), Override: true });
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
  });

  it('publishes the build with a config.json pointing the web app at this stack', () => {
    const deployments = Object.values(resourcesOf('Custom::CDKBucketDeployment'));
    const site = deployments.find((deployment) => deployment.Properties.DistributionPaths);
    expect(site).toBeDefined();
    const markers = JSON.stringify(site!.Properties.SourceMarkers);
    const apiId = logicalId(stack.api.graphqlApi.node.defaultChild);
    expect(markers).toContain(JSON.stringify({ 'Fn::GetAtt': [apiId, 'GraphQLUrl'] }));

    const configDir = readdirSync(assembly.directory)
      .map((entry) => join(assembly.directory, entry, 'config.json'))
      .find((file) => existsSync(file));
    const config = JSON.parse(readFileSync(configDir!, 'utf8'));
    expect(Object.keys(config).sort()).toEqual(
      [
        'apiBaseUrl',
        'discordAuthorizeUrl',
        'discordClientId',
        'graphqlEndpoint',
        'mode',
        'publicToken',
        'region',
        'stripePublishableKey',
        'uploadsBucketUrl',
        'userPoolClientId',
        'userPoolId',
      ].sort(),
    );
    expect(config).toMatchObject({
      mode: 'aws',
      region: 'us-east-1',
      graphqlEndpoint: expect.stringMatching(/^<<marker:/),
      discordAuthorizeUrl: 'https://discord.com/oauth2/authorize',
    });
    const authorizerEnvironment = resourcesOf('AWS::Lambda::Function')[functionLogicalId(apiAuthorizer)]!.Properties.Environment.Variables as Record<
      string,
      unknown
    >;
    // The token is resolved at deployment: config.json holds a marker the site's deployment replaces with the same value.
    const sourceMarkers = Object.values(resourcesOf('Custom::CDKBucketDeployment')).flatMap(
      (resource) => (resource.Properties.SourceMarkers ?? []) as Record<string, unknown>[],
    );
    expect(sourceMarkers.map((marker) => marker[config.publicToken]).filter(Boolean)).toEqual([authorizerEnvironment.PUBLIC_API_TOKEN]);
  });
});

describe('outputs an operator registers elsewhere', () => {
  it("gives Stripe's webhook URL and Discord's redirect URI (the web app's sign-in page)", () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.stringify(outputs.StripeWebhookUrl.Value)).toMatch(/"\/api\/v1\/stripe\/webhook"\]\]\}$/);
    expect(JSON.stringify(outputs.StripeWebhookUrl.Value)).toContain(logicalId(stack.httpEndpoints.api.node.defaultChild));
    expect(DISCORD_REDIRECT_PATH).toBe(paths.auth.login);
    expect(outputs.DiscordRedirectUri.Value).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.web.distribution.node.defaultChild), 'DomainName'] }, DISCORD_REDIRECT_PATH]],
    });
  });
});

describe('secrets', () => {
  it('puts no secret value in the template', () => {
    const text = JSON.stringify(template.toJSON());
    expect(text).not.toMatch(/sk_(live|test)_|rk_(live|test)_|whsec_/);
    template.resourceCountIs('AWS::SecretsManager::Secret', 0);
    template.resourceCountIs('AWS::SSM::Parameter', 0);
    const secretVariables = Object.values(resourcesOf('AWS::Lambda::Function')).flatMap((fn) =>
      Object.entries<unknown>(fn.Properties.Environment?.Variables ?? {}).filter(([name]) => /SECRET/.test(name)),
    );
    // The functions that need secrets do get them, each as an SSM parameter name, never a value.
    expect(secretVariables.length).toBeGreaterThan(0);
    for (const [name, value] of secretVariables) expect({ name, value }).toEqual({ name, value: expect.stringMatching(/^\/[\w/-]+$/) });
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('reports no unacknowledged finding', () => {
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(app);
    const findings = report.violations.map((violation) => ({
      rule: violation.ruleName,
      severity: violation.severity,
      at: violation.violatingResources.map((resource) => resource.constructPath),
    }));
    expect(findings).toEqual([]);
  });

  it('gives every acknowledgement a reason, in every template', () => {
    const acknowledged = [template, ...Object.values(nested)].flatMap((each) =>
      Object.values(each.toJSON().Resources as Record<string, any>).flatMap((resource) => resource.Metadata?.cdk_nag?.rules_to_suppress ?? []),
    );
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { id, reason } of acknowledged) expect({ id, reason: reason.length > 40 }).toEqual({ id, reason: true });
  });
});
