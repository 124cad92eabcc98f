/**
 * What an operator watches (issue 33, docs/operations.md): a failure destination or a dead-letter queue on every
 * asynchronous path, the alarms, their topic and runbook sections, the dashboard, WAF logs and AppSync traces.
 * Lambda bundling is skipped (no code runs here), which keeps this synth fast.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, type CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ALARM_SECTIONS, RUNBOOK } from '../../infra/lib/monitoring';
import { repoRoot } from '../../infra/lib/functions';
import { tableDesign } from '../../lambdas/lib/db/table-design';
import { inRoot, nestedTemplates, synthesizeFitGauge } from './fitgauge-app';

type Resource = { Type: string; Properties: any };

const ALARM_EMAIL = 'ops@fitgauge.example';
const { stack, dispose } = synthesizeFitGauge({ bundle: false, context: { alarmEmail: ALARM_EMAIL, lambdaConcurrencyQuota: '2000' } });
afterAll(dispose);
const root = Template.fromStack(stack);
const { monitoring, jobs } = nestedTemplates(stack);
const rootResources = root.toJSON().Resources as Record<string, Resource>;
const logicalId = (resource: unknown) => Stack.of(stack).resolve((resource as CfnResource).logicalId) as string;
const functionId = (name: string) => logicalId(stack.functions.byName.get(name)!.node.defaultChild);
const functionNames = [...stack.functions.byName.keys()];
const fromMonitoring = (value: unknown) => inRoot(stack, stack.nestedStacks.monitoring, value);

const alarms = new Map(
  Object.entries(monitoring.findResources('AWS::CloudWatch::Alarm')).map(([id, alarm]) => [
    (alarm.Properties.AlarmName as string).replace(/^FitGauge-/, ''),
    { id, ...alarm.Properties },
  ]),
);
const alarm = (name: string) => {
  const found = alarms.get(name);
  if (!found) throw new Error(`No alarm FitGauge-${name}`);
  return found;
};

/** The metrics an alarm reads, single or in a math expression, with their dimensions as the root stack passes them. */
function metricsOf(name: string): { namespace: string; metric: string; dimensions: Record<string, unknown> }[] {
  const found = alarm(name);
  const dimensionsOf = (dimensions: { Name: string; Value: unknown }[] = []) =>
    Object.fromEntries(dimensions.map(({ Name, Value }) => [Name, fromMonitoring(Value)]));
  if (found.MetricName) return [{ namespace: found.Namespace, metric: found.MetricName, dimensions: dimensionsOf(found.Dimensions) }];
  return (found.Metrics as { MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions?: [] } } }[])
    .filter((metric) => metric.MetricStat)
    .map(({ MetricStat }) => ({
      namespace: MetricStat!.Metric.Namespace,
      metric: MetricStat!.Metric.MetricName,
      dimensions: dimensionsOf(MetricStat!.Metric.Dimensions),
    }));
}

/** The functions S3, EventBridge and Scheduler invoke, by logical id, read from the templates themselves. */
function asynchronousTargets(): { via: string; functionId: string; deadLetterQueue?: unknown }[] {
  const getAttId = (arn: unknown) => (arn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const s3 = Object.values(root.findResources('Custom::S3BucketNotifications')).flatMap((notification) =>
    (notification.Properties.NotificationConfiguration.LambdaFunctionConfigurations ?? []).map((target: { LambdaFunctionArn: unknown }) => ({
      via: 'S3',
      functionId: getAttId(target.LambdaFunctionArn),
    })),
  );
  const rules = Object.values(root.findResources('AWS::Events::Rule')).flatMap((rule) =>
    rule.Properties.Targets.map((target: { Arn: unknown; DeadLetterConfig?: { Arn: unknown } }) => ({
      via: 'EventBridge',
      functionId: getAttId(target.Arn),
      deadLetterQueue: target.DeadLetterConfig?.Arn,
    })),
  );
  const schedules = Object.values(jobs.findResources('AWS::Scheduler::Schedule')).map((schedule) => ({
    via: 'Scheduler',
    functionId: getAttId(inRoot(stack, stack.nestedStacks.jobs, schedule.Properties.Target.Arn)),
    deadLetterQueue: inRoot(stack, stack.nestedStacks.jobs, schedule.Properties.Target.DeadLetterConfig?.Arn),
  }));
  return [...s3, ...rules, ...schedules];
}

/** The SQS queue a function's asynchronous invocations go to once Lambda's retries failed. */
function onFailureQueueOf(fnId: string): string | undefined {
  const config = Object.values(root.findResources('AWS::Lambda::EventInvokeConfig')).find(
    (candidate) => JSON.stringify(candidate.Properties.FunctionName) === JSON.stringify({ Ref: fnId }),
  );
  const destination = config?.Properties.DestinationConfig?.OnFailure?.Destination as { 'Fn::GetAtt': [string, string] } | undefined;
  const queueId = destination?.['Fn::GetAtt'][0];
  return queueId && rootResources[queueId]?.Type === 'AWS::SQS::Queue' ? queueId : undefined;
}

const asyncFunctions = [...new Set(asynchronousTargets().map((target) => target.functionId))];
const nameOfFunction = (fnId: string) => functionNames.find((name) => functionId(name) === fnId)!;

describe('asynchronous paths', () => {
  it('S3, EventBridge and Scheduler invoke the transcode functions and the three jobs', () => {
    expect(asyncFunctions.map(nameOfFunction).sort()).toEqual(['deletionRepair', 'recapJob', 'reminderJob', 'transcodeStart', 'transcodeStatus']);
  });

  it.each(asynchronousTargets().map((target) => [target.via, nameOfFunction(target.functionId), target] as const))(
    '%s to %s: Lambda sends an event that failed its retries to a dead-letter queue, and so does the sender',
    (via, _name, target) => {
      const queueId = onFailureQueueOf(target.functionId);
      expect(queueId).toBeDefined();
      // S3 hands its events to Lambda's asynchronous queue; the rule and the schedules have their own retries and queue.
      if (via === 'S3') expect(target.deadLetterQueue).toBeUndefined();
      else expect(target.deadLetterQueue).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    },
  );

  it('lets EventBridge write to the rule target’s dead-letter queue', () => {
    for (const [ruleId, rule] of Object.entries(root.findResources('AWS::Events::Rule'))) {
      const queueId = (rule.Properties.Targets[0].DeadLetterConfig.Arn as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
      const [policy] = Object.values(root.findResources('AWS::SQS::QueuePolicy')).filter(
        (candidate) => JSON.stringify(candidate.Properties.Queues) === JSON.stringify([{ Ref: queueId }]),
      );
      expect(policy!.Properties.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Action: 'sqs:SendMessage',
            Principal: { Service: 'events.amazonaws.com' },
            Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ruleId, 'Arn'] } } },
          }),
        ]),
      );
    }
  });
});

describe('alarms', () => {
  it('on AppSync server errors and p99 latency', () => {
    const api = { GraphQLAPIId: { 'Fn::GetAtt': [logicalId(stack.api.graphqlApi.node.defaultChild), 'ApiId'] } };
    expect(metricsOf('ApiServerErrors')).toEqual([{ namespace: 'AWS/AppSync', metric: '5XXError', dimensions: api }]);
    expect(metricsOf('ApiLatency')).toEqual([{ namespace: 'AWS/AppSync', metric: 'Latency', dimensions: api }]);
    expect(alarm('ApiLatency').ExtendedStatistic).toBe('p99');
  });

  it.each(functionNames)('on the errors of %s', (name) => {
    expect(metricsOf(`FunctionErrors-${name}`)).toEqual(
      expect.arrayContaining([{ namespace: 'AWS/Lambda', metric: 'Errors', dimensions: { FunctionName: { Ref: functionId(name) } } }]),
    );
  });

  it('on the throttles of every function but the recap job, which waits for its reserved concurrency on purpose', () => {
    const throttled = functionNames.filter((name) => alarms.has(`FunctionThrottles-${name}`));
    expect(throttled.sort()).toEqual(functionNames.filter((name) => name !== 'recapJob').sort());
    for (const name of throttled) {
      expect(metricsOf(`FunctionThrottles-${name}`)).toEqual([
        { namespace: 'AWS/Lambda', metric: 'Throttles', dimensions: { FunctionName: { Ref: functionId(name) } } },
      ]);
    }
  });

  it("on the account's Lambda concurrency, at 80 % of the quota the context gives", () => {
    expect(metricsOf('LambdaConcurrency')).toEqual([{ namespace: 'AWS/Lambda', metric: 'ConcurrentExecutions', dimensions: {} }]);
    expect(alarm('LambdaConcurrency').Threshold).toBe(1600);
  });

  it('on DynamoDB throttles of the table and each index, and on transaction conflicts', () => {
    const table = { Ref: logicalId(stack.data.table.node.defaultChild) };
    const expected = [undefined, ...tableDesign.globalIndexes.map((index) => index.indexName)].flatMap((indexName) =>
      ['ReadThrottleEvents', 'WriteThrottleEvents'].map((metric) => ({
        namespace: 'AWS/DynamoDB',
        metric,
        dimensions: { TableName: table, ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}) },
      })),
    );
    expect(metricsOf('TableThrottles')).toEqual(expect.arrayContaining(expected));
    expect(metricsOf('TableThrottles')).toHaveLength(expected.length);
    expect(metricsOf('TableConflicts')).toEqual([{ namespace: 'AWS/DynamoDB', metric: 'TransactionConflict', dimensions: { TableName: table } }]);
  });

  it('on Cognito throttles of sign-in and token refresh (the web client) and sign-up (AdminCreateUser)', () => {
    const pool = { Ref: logicalId(stack.auth.userPool.node.defaultChild) };
    const client = { Ref: logicalId(stack.auth.userPoolClient.node.defaultChild) };
    expect(metricsOf('CognitoThrottles')).toEqual([
      { namespace: 'AWS/Cognito', metric: 'SignInThrottles', dimensions: { UserPool: pool, UserPoolClient: client } },
      { namespace: 'AWS/Cognito', metric: 'TokenRefreshThrottles', dimensions: { UserPool: pool, UserPoolClient: client } },
      { namespace: 'AWS/Cognito', metric: 'SignUpThrottles', dimensions: { UserPool: pool, UserPoolClient: 'Admin' } },
    ]);
  });

  it("on SES's bounce and complaint rates, below the rates at which SES reviews the account", () => {
    expect(metricsOf('MailBounces')).toEqual([{ namespace: 'AWS/SES', metric: 'Reputation.BounceRate', dimensions: {} }]);
    expect(metricsOf('MailComplaints')).toEqual([{ namespace: 'AWS/SES', metric: 'Reputation.ComplaintRate', dimensions: {} }]);
    expect(alarm('MailBounces').Threshold).toBeLessThan(0.05);
    expect(alarm('MailComplaints').Threshold).toBeLessThan(0.001);
  });

  it("on the requests AWS WAF blocks, by all the web ACL's rules", () => {
    const acl = rootResources[logicalId(stack.api.firewall.webAcl)]!;
    expect(metricsOf('FirewallBlocks')).toEqual([
      {
        namespace: 'AWS/WAFV2',
        metric: 'BlockedRequests',
        dimensions: { WebACL: acl.Properties.VisibilityConfig.MetricName, Region: 'us-east-1', Rule: 'ALL' },
      },
    ]);
  });

  it.each(asyncFunctions.map((id) => [nameOfFunction(id), id]))('on the dead-letter queue of %s and on its events left waiting', (name, fnId) => {
    expect(metricsOf(`DeadLetters-${name}`)).toEqual([
      {
        namespace: 'AWS/SQS',
        metric: 'ApproximateNumberOfMessagesVisible',
        dimensions: { QueueName: { 'Fn::GetAtt': [onFailureQueueOf(fnId), 'QueueName'] } },
      },
    ]);
    expect(metricsOf(`JobsLeftBehind-${name}`)).toEqual([
      { namespace: 'AWS/Lambda', metric: 'AsyncEventAge', dimensions: { FunctionName: { Ref: fnId } } },
    ]);
  });

  it('on scheduled runs and rule events lost on the way', () => {
    const [group] = Object.values(jobs.findResources('AWS::Scheduler::ScheduleGroup'));
    expect(metricsOf('JobsLeftBehind-schedules')).toEqual([
      { namespace: 'AWS/Scheduler', metric: 'InvocationDroppedCount', dimensions: { ScheduleGroup: group!.Properties.Name } },
      { namespace: 'AWS/Scheduler', metric: 'InvocationsFailedToBeSentToDeadLetterCount', dimensions: { ScheduleGroup: group!.Properties.Name } },
    ]);
    const [ruleId] = Object.keys(root.findResources('AWS::Events::Rule'));
    expect(metricsOf('JobsLeftBehind-transcodeStatus-rule')).toEqual([
      { namespace: 'AWS/Events', metric: 'FailedInvocations', dimensions: { RuleName: { Ref: ruleId } } },
      { namespace: 'AWS/Events', metric: 'InvocationsFailedToBeSentToDlq', dimensions: { RuleName: { Ref: ruleId } } },
    ]);
  });

  it('each go to the one topic, firing and recovering, and the topic mails alarmEmail', () => {
    const [topicId, ...others] = Object.keys(monitoring.findResources('AWS::SNS::Topic'));
    expect(others).toEqual([]);
    for (const [name, found] of alarms) {
      expect({ name, alarm: found.AlarmActions, ok: found.OKActions }).toEqual({ name, alarm: [{ Ref: topicId }], ok: [{ Ref: topicId }] });
    }
    monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: ALARM_EMAIL, TopicArn: { Ref: topicId } });
    expect(JSON.stringify(root.toJSON().Outputs.AlarmTopicArn.Value)).toContain(logicalId(stack.nestedStacks.monitoring.nestedStackResource));
  });

  it('each name their section of docs/operations.md, which says what the alarm means and gives the first three steps', () => {
    const doc = readFileSync(join(repoRoot, RUNBOOK), 'utf8');
    const sections = new Map(
      doc
        .split(/^### /m)
        .slice(1)
        .map((section) => [section.slice(0, section.indexOf('\n')).trim().toLowerCase(), section]),
    );
    const named = [...alarms].map(([name, found]) => ({ name, anchor: /Runbook: docs\/operations\.md#(\w+)$/.exec(found.AlarmDescription)?.[1] }));
    for (const { name, anchor } of named) {
      const section = sections.get(anchor ?? '') ?? '';
      expect({ name, anchor, steps: ['1. ', '2. ', '3. '].every((step) => section.includes(`\n${step}`)) }).toEqual({ name, anchor, steps: true });
    }
    expect([...new Set(named.map(({ anchor }) => anchor))].sort()).toEqual(ALARM_SECTIONS.map((section) => section.toLowerCase()).sort());
  });

  it('are on the operations dashboard, beside the metrics behind them', () => {
    const [dashboard] = Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboard!.Properties.DashboardName).toBe('FitGauge-operations');
    const body = JSON.stringify(dashboard!.Properties.DashboardBody);
    for (const { id } of alarms.values()) expect(body).toContain(id);
    for (const namespace of [
      'AWS/AppSync',
      'AWS/Lambda',
      'AWS/DynamoDB',
      'AWS/Cognito',
      'AWS/SES',
      'AWS/WAFV2',
      'AWS/SQS',
      'AWS/Scheduler',
      'AWS/Events',
    ]) {
      expect(body).toContain(namespace);
    }
  });
});

describe('AWS WAF and AppSync', () => {
  it('logs the requests AWS WAF blocks or counts, without their authorization header, to a log group WAF accepts', () => {
    const [logging] = Object.values(root.findResources('AWS::WAFv2::LoggingConfiguration'));
    expect(logging!.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [logicalId(stack.api.firewall.webAcl), 'Arn'] });
    expect(logging!.Properties.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }]);
    expect(logging!.Properties.LoggingFilter).toMatchObject({ DefaultBehavior: 'DROP' });
    const logGroup = rootResources[logicalId(stack.api.firewall.logGroup.node.defaultChild)]!;
    expect(logGroup.Properties.LogGroupName).toMatch(/^aws-waf-logs-/);
    expect(logGroup.Properties.RetentionInDays).toBeGreaterThan(0);
    expect(JSON.stringify(logging!.Properties.LogDestinationConfigs)).toContain(`:log-group:${logGroup.Properties.LogGroupName}"`);
  });

  it('traces every GraphQL request with X-Ray', () => {
    root.hasResourceProperties('AWS::AppSync::GraphQLApi', { XrayEnabled: true });
  });
});
