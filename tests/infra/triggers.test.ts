/**
 * The entry points beside GraphQL are declared once (lambdas/triggers.ts): CDK's HTTP API and the local stack must serve
 * the same routes with the same functions, and CDK must deliver the registry's S3 and EventBridge events to theirs. Lambda bundling is skipped (no code runs here), which keeps this synth fast.
 */
import { App, Stack, type CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { asyncFunctionNames, DeadLetters } from '../../infra/lib/dead-letters';
import { EventTriggers } from '../../infra/lib/event-triggers';
import { HttpEndpoints } from '../../infra/lib/http-endpoints';
import { acknowledgeCdkHelpers } from '../../infra/lib/nag';
import { Schedules } from '../../infra/lib/schedules';
import { Storage } from '../../infra/lib/storage';
import { createHttpEndpoints } from '../../scripts/local/http-endpoints';
import { Mail } from '../../infra/lib/mail';
import {
  eventTriggers,
  httpRoutes,
  notificationTriggers,
  queueTriggers,
  routeKey,
  s3UploadTriggers,
  schedules,
  triggerFunctions,
} from '../../lambdas/triggers';

function synthesize() {
  const app = new App();
  const stack = new Stack(app, 'Triggers');
  const functions = new Map(
    Object.keys(triggerFunctions).map((name) => [
      name,
      new lambda.Function(stack, `${name}Function`, {
        runtime: lambda.Runtime.NODEJS_22_X,
        handler: 'index.handler',
        code: lambda.Code.fromInline('exports.handler = async () => ({})'),
      }),
    ]),
  );
  const endpoints = new HttpEndpoints(stack, 'HttpEndpoints', { routes: httpRoutes, functions });
  const storage = new Storage(stack, 'Storage');
  const deadLetters = new DeadLetters(stack, 'DeadLetters', {
    names: asyncFunctionNames({ uploads: s3UploadTriggers, events: eventTriggers, notifications: notificationTriggers, schedules }),
    functions,
  });
  const mail = new Mail(stack, 'Mail', { trigger: queueTriggers[0] });
  mail.connect(functions, queueTriggers[0], notificationTriggers[0]);
  const deadLetterQueueOf = (name: string) => deadLetters.of(name);
  new EventTriggers(stack, 'EventTriggers', {
    uploads: s3UploadTriggers,
    events: eventTriggers,
    buckets: { uploads: storage.uploads, videos: storage.videos },
    functions,
    deadLetterQueueOf,
  });
  new Schedules(stack, 'Schedules', { schedules, functions, deadLetterQueueOf });
  acknowledgeCdkHelpers(stack);
  return { app, stack, endpoints, storage, functions, deadLetters, mail, template: Template.fromStack(stack) };
}

describe('entry points beside AppSync (lambdas/triggers.ts)', () => {
  const { app, stack, storage, functions, deadLetters, mail, template } = synthesize();
  const functionArn = (name: string) => ({ 'Fn::GetAtt': [stack.getLogicalId(functions.get(name)!.node.defaultChild as lambda.CfnFunction), 'Arn'] });

  it('CDK and the local stack serve the same HTTP routes', () => {
    const cdkRoutes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((route) => route.Properties.RouteKey as string);
    expect(cdkRoutes.sort()).toEqual([...createHttpEndpoints().routeKeys].sort());
    expect(cdkRoutes.sort()).toEqual(httpRoutes.map(routeKey).sort());
  });

  it.each(httpRoutes.map((route) => [routeKey(route), route.function] as const))('%s invokes the %s function', (key, name) => {
    const route = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).find((candidate) => candidate.Properties.RouteKey === key)!;
    const integrationId = (route.Properties.Target['Fn::Join'][1] as unknown[])[1] as { Ref: string };
    const integration = template.findResources('AWS::ApiGatewayV2::Integration')[integrationId.Ref];
    const functionId = stack.getLogicalId(functions.get(name)!.node.defaultChild as lambda.CfnFunction);
    expect(integration.Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [functionId, 'Arn'] });
  });

  it('sends ObjectCreated events under each upload prefix of its bucket to its function', () => {
    const [notifications] = Object.values(template.findResources('Custom::S3BucketNotifications'));
    expect(notifications.Properties.BucketName).toEqual({ Ref: stack.getLogicalId(storage.videos.node.defaultChild as CfnResource) });
    expect(notifications.Properties.NotificationConfiguration.LambdaFunctionConfigurations).toEqual(
      s3UploadTriggers.map((trigger) => ({
        Events: ['s3:ObjectCreated:*'],
        Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: trigger.prefix }] } },
        LambdaFunctionArn: functionArn(trigger.function),
      })),
    );
    expect(s3UploadTriggers).toEqual([{ bucket: 'videos', prefix: 'videos/', function: 'transcodeStart' }]);
  });

  it("sends MediaConvert's final job states to the status function through an EventBridge rule", () => {
    const rules = Object.values(template.findResources('AWS::Events::Rule'));
    expect(
      rules.map((rule) => ({
        pattern: rule.Properties.EventPattern,
        targets: rule.Properties.Targets.map((target: { Arn: unknown }) => target.Arn),
      })),
    ).toEqual(
      eventTriggers.map((trigger) => ({
        pattern: { source: [trigger.source], 'detail-type': [trigger.detailType], detail: { status: [...trigger.statuses] } },
        targets: [functionArn(trigger.function)],
      })),
    );
    expect(eventTriggers[0]).toMatchObject({
      source: 'aws.mediaconvert',
      detailType: 'MediaConvert Job State Change',
      statuses: ['COMPLETE', 'ERROR', 'CANCELED'],
    });
  });

  it('hands the mail queue to its sender in batches, with batch item failures, a capped concurrency and a dead-letter queue', () => {
    const [trigger] = queueTriggers;
    const ref = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as CfnResource);
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: ref(functions.get(trigger.function)!) },
      EventSourceArn: { 'Fn::GetAtt': [ref(mail.queue), 'Arn'] },
      BatchSize: trigger.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: trigger.concurrency },
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: trigger.visibilityTimeoutSeconds,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ref(mail.deadLetters), 'Arn'] }, maxReceiveCount: trigger.maxReceiveCount },
    });
    // The reservation holds SES's rate: never more senders than the pace of each assumes.
    expect(template.findResources('AWS::Lambda::Function')[ref(functions.get(trigger.function)!)]!.Properties).toMatchObject({
      ReservedConcurrentExecutions: trigger.concurrency,
      Environment: {
        Variables: { MAIL_SEND_RATE: '14', MAIL_SENDER_CONCURRENCY: String(trigger.concurrency), MAIL_QUEUE_URL: { Ref: ref(mail.queue) } },
      },
    });
    // The sender sets a failed message's retry wait on the queue (lambdas/mail/sender.ts): the event source's grant allows it.
    const senderRole = functions.get(trigger.function)!.role!.node.defaultChild as CfnResource;
    const senderPolicies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.Roles).includes(stack.getLogicalId(senderRole)),
    );
    const onQueue = senderPolicies
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
      .filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [ref(mail.queue), 'Arn'] }))
      .flatMap((statement) => [statement.Action].flat());
    expect(onQueue).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:ChangeMessageVisibility', 'sqs:DeleteMessage']));
    expect(trigger).toMatchObject({ queue: 'mail', function: 'mailSender' });
  });

  it("sends SES's bounces and complaints through the configuration set's topic to the bounce function, whose failures have a dead-letter queue", () => {
    const [trigger] = notificationTriggers;
    const ref = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as CfnResource);
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: ref(mail.configurationSet) },
      EventDestination: { Enabled: true, MatchingEventTypes: ['bounce', 'complaint'], SnsDestination: { TopicARN: { Ref: ref(mail.events) } } },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: ref(mail.events) },
      Endpoint: functionArn(trigger.function),
    });
    expect(deadLetters.byFunction.has(trigger.function)).toBe(true);
  });

  it('logs access on the default stage and passes cdk-nag', () => {
    const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stage.Properties).toMatchObject({ StageName: '$default', AutoDeploy: true, AccessLogSettings: { DestinationArn: expect.anything() } });
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(app);
    // The stand-in functions are not ours to judge here (tests/infra/fitgauge-stack.test.ts checks the real ones).
    const findings = report.violations.flatMap((violation) =>
      violation.violatingResources
        .filter((resource) =>
          ['HttpEndpoints', 'EventTriggers', 'BucketNotificationsHandler', 'Schedules', 'DeadLetters', 'Mail'].some((part) =>
            resource.constructPath?.includes(part),
          ),
        )
        .map((resource) => ({ rule: violation.ruleName, at: resource.constructPath })),
    );
    expect(findings).toEqual([]);
  });
});

describe('schedules (lambdas/triggers.ts)', () => {
  const { stack, functions, deadLetters, template } = synthesize();
  const functionArn = (name: string) => ({ 'Fn::GetAtt': [stack.getLogicalId(functions.get(name)!.node.defaultChild as lambda.CfnFunction), 'Arn'] });

  it('the recap job runs hourly on one EventBridge Scheduler schedule per partition of its due index, retried within the hour', () => {
    const all = Object.values(template.findResources('AWS::Scheduler::Schedule')).filter(
      (schedule) => JSON.stringify(schedule.Properties.Target.Arn) === JSON.stringify(functionArn('recapJob')),
    );
    expect(all).toHaveLength(16);
    for (const schedule of all) {
      expect(schedule.Properties).toMatchObject({
        ScheduleExpression: 'rate(1 hour)',
        State: 'ENABLED',
        Target: { Arn: functionArn('recapJob'), RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 } },
      });
    }
    // Every partition is some schedule's, exactly once.
    const partitions = all.map((schedule) => (JSON.parse(schedule.Properties.Target.Input) as { shards: number[] }).shards);
    expect(partitions.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, shard) => shard));
    expect(partitions.every((shards) => shards.length === 1)).toBe(true);
  });

  it('the account-deletion repair runs hourly on a schedule of its own', () => {
    const repair = Object.values(template.findResources('AWS::Scheduler::Schedule')).filter(
      (schedule) => JSON.stringify(schedule.Properties.Target.Arn) === JSON.stringify(functionArn('deletionRepair')),
    );
    expect(repair).toHaveLength(1);
    expect(repair[0].Properties).toMatchObject({ ScheduleExpression: 'rate(1 hour)', State: 'ENABLED' });
  });

  it("sends a run that failed its retries to the function's dead-letter queue, in the app's own schedule group", () => {
    const all = Object.values(template.findResources('AWS::Scheduler::Schedule'));
    expect(all).toHaveLength(schedules.length);
    for (const schedule of all) {
      const name = schedules.find(
        (entry) => JSON.stringify(functionArn(entry.function)) === JSON.stringify(schedule.Properties.Target.Arn),
      )!.function;
      const queue = stack.getLogicalId(deadLetters.byFunction.get(name)!.node.defaultChild as CfnResource);
      expect(schedule.Properties.Target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [queue, 'Arn'] } });
    }
    const [group] = Object.keys(template.findResources('AWS::Scheduler::ScheduleGroup'));
    expect(new Set(all.map((schedule) => JSON.stringify(schedule.Properties.GroupName)))).toEqual(
      new Set([JSON.stringify(template.findResources('AWS::Scheduler::ScheduleGroup')[group!]!.Properties.Name)]),
    );
  });

  it('the schedules of one function share one role, which may invoke exactly that function and write its dead-letter queue', () => {
    const roles = new Set(
      Object.values(template.findResources('AWS::Scheduler::Schedule')).map((schedule) => JSON.stringify(schedule.Properties.Target.RoleArn)),
    );
    expect(roles.size).toBe(new Set(schedules.map((entry) => entry.function)).size);
    for (const policy of Object.values(template.findResources('AWS::IAM::Policy')).filter((candidate) =>
      JSON.stringify(candidate.Properties.PolicyDocument).includes('lambda:InvokeFunction'),
    )) {
      const [invoke, send] = policy.Properties.PolicyDocument.Statement;
      const invoked = JSON.stringify(invoke.Resource);
      const name = schedules
        .map((entry) => entry.function)
        .find((candidate) => invoked.includes(stack.getLogicalId(functions.get(candidate)!.node.defaultChild as CfnResource)))!;
      expect({ action: send.Action, queue: send.Resource }).toEqual({
        action: 'sqs:SendMessage',
        queue: { 'Fn::GetAtt': [stack.getLogicalId(deadLetters.byFunction.get(name)!.node.defaultChild as CfnResource), 'Arn'] },
      });
    }
  });

  it("the scheduler's role may invoke exactly the job's function", () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('lambda:InvokeFunction'),
    );
    const invoked = policies.flatMap((policy) =>
      policy.Properties.PolicyDocument.Statement.flatMap((statement: { Resource: unknown }) => [statement.Resource].flat()),
    );
    expect(invoked).toEqual(expect.arrayContaining([functionArn('recapJob')]));
    expect(JSON.stringify(invoked)).not.toContain(stack.getLogicalId(functions.get('links')!.node.defaultChild as lambda.CfnFunction));
  });
});
