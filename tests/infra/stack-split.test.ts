/**
 * The app in several templates (issue 33): each well below CloudFormation's 500 resources, and an update of a deployment
 * from before the split replaces nothing that holds data or is reached from outside (infra/lib/fitgauge-stack.ts).
 * Lambda bundling is skipped (no code runs here), which keeps this synth fast.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, type CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { resolverMap } from '../../lambdas/api-fields';
import { inRoot, nestedTemplates, synthesizeFitGauge } from './fitgauge-app';

/**
 * The logical ids the single FitGauge stack gave these resources before the split (main at 5331ff4, `cdk synth`): a
 * resource keeps its physical self across an update only under the same logical id in the same stack.
 */
const BEFORE_SPLIT: Record<string, readonly string[]> = {
  // Data
  'AWS::DynamoDB::Table': ['DataTableFDBAD0F2'],
  'AWS::Cognito::UserPool': ['AuthUserPool8115E87F'],
  // Group memberships are the users' roles; the client's id is in every signed-in browser's tokens.
  'AWS::Cognito::UserPoolGroup': [
    'AuthUserPoolSUPERADMIN01BE9F75',
    'AuthUserPoolADMIN6816F026',
    'AuthUserPoolDIRECTORC571F297',
    'AuthUserPoolCOACH5745E1A6',
    'AuthUserPoolGAMERB0FC88FD',
    'AuthUserPoolSELF08695CFE',
  ],
  'AWS::Cognito::UserPoolClient': ['AuthUserPoolWebClient147E4E38'],
  'AWS::S3::Bucket': ['StorageAccessLogs96FB524C', 'StorageUploadsBDC5E374', 'StorageVideos75D4D269', 'WebSiteD504717C'],
  'AWS::Logs::LogGroup': [
    'FunctionsAccountLogsF3DA8D3A',
    'FunctionsAuthLogsBF6BAE47',
    'FunctionsAvatarsLogs860DFF2D',
    'FunctionsBillingLogs81DB2EFE',
    'FunctionsCustomerPortalLogs602A5A24',
    'FunctionsDeletionRepairLogsFFB2652A',
    'FunctionsJournalLogsA2FD991A',
    'FunctionsLinksLogs6C8C665E',
    'FunctionsPublicAuthorizerLogsAD1EE245',
    'FunctionsRecapJobLogsA5A2D65B',
    'FunctionsRecommendationsLogs869FCE47',
    'FunctionsReminderJobLogsB31DFD5A',
    'FunctionsRemindersLogs0F4BBE18',
    'FunctionsReportSharingLogs27916438',
    'FunctionsScoringLogsDB16F47C',
    'FunctionsStripeWebhookLogs4350450F',
    'FunctionsSystemLogs98B14901',
    'FunctionsTeamsLogsB8DFC0CB',
    'FunctionsTranscodeStartLogs996EAD2E',
    'FunctionsTranscodeStatusLogsB621D747',
    'FunctionsUsersLogs1FDCC7E2',
    'FunctionsVideosLogs55A14D03',
    'FunctionsWeeklyChallengesLogs0B36009F',
    'HttpEndpointsAccessLogs2CDEEBF5',
  ],
  // Reached from outside by their addresses (the site, Stripe's webhook) or unique by name in the account.
  'AWS::CloudFront::Distribution': ['WebDistributionCF3E234B'],
  'AWS::ApiGatewayV2::Api': ['HttpEndpointsApi5EBDEDB2'],
  'AWS::ApiGatewayV2::Stage': ['HttpEndpointsDefaultStageB94F7DCE'],
  'AWS::WAFv2::WebACL': ['ApiFirewallWebAclD3B75D85'],
  'AWS::MediaConvert::JobTemplate': ['TranscodingVideoJobTemplate6BFA8BF4'],
};

/** Types where every resource holds data: no stack may hold one the list above does not name. */
const DATA_TYPES = [
  'AWS::DynamoDB::Table',
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolGroup',
  'AWS::Cognito::UserPoolClient',
  'AWS::S3::Bucket',
];

const API_BEFORE_SPLIT = 'ApiGraphqlApi7E3125EF';

type Resources = Record<string, { Type: string; Properties: any; DependsOn?: string[] }>;

const { stack, assembly, dispose } = synthesizeFitGauge({ bundle: false });
afterAll(dispose);
const root = Template.fromStack(stack);
const rootResources = root.toJSON().Resources as Resources;
const nested = nestedTemplates(stack);
const logicalId = (resource: unknown) => Stack.of(stack).resolve((resource as CfnResource).logicalId) as string;

describe('the stateful resources', () => {
  it.each(Object.entries(BEFORE_SPLIT))('%s: each stays in the root stack under its logical id from before the split', (type, ids) => {
    expect(ids.map((id) => [id, rootResources[id]?.Type])).toEqual(ids.map((id) => [id, type]));
  });

  it('no stack holds a table, user pool, group, client or bucket besides those', () => {
    const templates = [root, ...Object.values(nested)];
    for (const type of DATA_TYPES) {
      const ids = templates.flatMap((template) => Object.keys(template.findResources(type)));
      expect({ type, ids: ids.sort() }).toEqual({ type, ids: [...BEFORE_SPLIT[type]!].sort() });
    }
  });
});

describe('the templates', () => {
  /** Every template of the cloud assembly: what `cdk deploy` uploads, nested ones included. */
  const templateFiles = readdirSync(assembly.directory).filter((name) => name.endsWith('.template.json'));

  it('are the root stack and its three nested stacks, each under 300 resources and 200 parameters', () => {
    const counts = templateFiles.map((name) => {
      const template = JSON.parse(readFileSync(join(assembly.directory, name), 'utf8')) as { Resources: object; Parameters?: object };
      return { name, resources: Object.keys(template.Resources).length, parameters: Object.keys(template.Parameters ?? {}).length };
    });
    expect(counts.map(({ name }) => name.replace(/[0-9A-F]{8}\.nested/, '.nested')).sort()).toEqual(
      [
        'FitGauge.template.json',
        'FitGaugeJobs.nested.template.json',
        'FitGaugeMonitoring.nested.template.json',
        'FitGaugeResolvers.nested.template.json',
      ].sort(),
    );
    for (const count of counts)
      expect({ ...count, under300: count.resources < 300, under200: count.parameters < 200 }).toMatchObject({ under300: true, under200: true });
  });

  it('put the AppSync data sources and resolvers in the Resolvers stack and the schedules in the Jobs stack', () => {
    expect(Object.keys(root.findResources('AWS::AppSync::Resolver'))).toEqual([]);
    expect(Object.keys(root.findResources('AWS::AppSync::DataSource'))).toEqual([]);
    expect(Object.keys(root.findResources('AWS::Scheduler::Schedule'))).toEqual([]);
    nested.resolvers.resourceCountIs('AWS::AppSync::Resolver', Object.keys(resolverMap).length);
    expect(Object.keys(nested.jobs.findResources('AWS::Scheduler::Schedule')).length).toBeGreaterThan(30);
  });
});

describe('the API after the split', () => {
  const apiId = logicalId(stack.api.graphqlApi.node.defaultChild);

  it('is a new one, so that the Resolvers stack never creates a resolver on a field an old resolver still holds', () => {
    expect(apiId).not.toBe(API_BEFORE_SPLIT);
    expect(rootResources[API_BEFORE_SPLIT]).toBeUndefined();
    const apiIds = Object.values(nested.resolvers.findResources('AWS::AppSync::Resolver')).map((resolver) =>
      JSON.stringify(inRoot(stack, stack.nestedStacks.resolvers, resolver.Properties.ApiId)),
    );
    expect(new Set(apiIds)).toEqual(new Set([JSON.stringify({ 'Fn::GetAtt': [apiId, 'ApiId'] })]));
  });

  it('gets its resolvers (the nested stack waits for the schema) before config.json names it', () => {
    const resolversId = logicalId(stack.nestedStacks.resolvers.nestedStackResource);
    expect(rootResources[resolversId]!.DependsOn).toEqual(expect.arrayContaining([logicalId(stack.api.graphqlApi.node.findChild('Schema'))]));
    const [site] = Object.values(root.findResources('Custom::CDKBucketDeployment')).filter((deployment) => deployment.Properties.DistributionPaths);
    expect(site!.DependsOn).toEqual(expect.arrayContaining([resolversId]));
  });
});
