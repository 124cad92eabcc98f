import { Duration, Stack } from 'aws-cdk-lib';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from './nag';

/** Where each alarm's meaning and first steps are: a section of docs/operations.md (its heading is the section's name). */
export const RUNBOOK = 'docs/operations.md';

/**
 * The docs/operations.md sections, one per kind of alarm. An alarm is named `<stack>-<section>`, or
 * `<stack>-<section>-<function>` where there is one per function (or queue, or rule).
 */
export const ALARM_SECTIONS = [
  'ApiServerErrors',
  'ApiLatency',
  'FunctionErrors',
  'FunctionThrottles',
  'LambdaConcurrency',
  'TableThrottles',
  'TableConflicts',
  'CognitoThrottles',
  'MailBounces',
  'MailComplaints',
  'FirewallBlocks',
  'DeadLetters',
  'MailDeadLetters',
  'JobsLeftBehind',
] as const;

type Section = (typeof ALARM_SECTIONS)[number];

/** The thresholds docs/operations.md explains (per 5 minutes unless said). */
const THRESHOLDS = {
  apiServerErrors: 5,
  apiLatencyP99Ms: 2000,
  /** A request-serving function: errors (its refusals included) as a share of its invocations, once it has this many. */
  functionErrorPercent: 10,
  functionErrorsCounted: 5,
  /** A share of the account's Lambda concurrency quota (lambdaConcurrencyQuota). */
  concurrencyShare: 0.8,
  tableThrottleEvents: 10,
  transactionConflicts: 25,
  /** SES reviews an account at 5 % bounces and 0.1 % complaints: the alarms come before the review. */
  bounceRate: 0.04,
  complaintRate: 0.0008,
  firewallBlocks: 500,
  /** How long an event may wait in Lambda's asynchronous queue: a scheduled job's shards queue behind its reserved concurrency within the hour. */
  scheduledEventAgeMinutes: 60,
  eventAgeMinutes: 15,
} as const;

const FIVE_MINUTES = Duration.minutes(5);

interface MonitoringProps {
  /** Prefix of the alarm and dashboard names: the app's stack name. */
  readonly namePrefix: string;
  /** Who gets the alarms by e-mail (a subscription to confirm); none: subscribe to the topic yourself. */
  readonly alarmEmail?: string;
  /** The account's Lambda concurrency quota in this region (1,000 by default; raised before launch: docs/operations.md). */
  readonly lambdaConcurrencyQuota: number;
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  /** The dead-letter queue of each asynchronously invoked function (DeadLetters.byFunction). */
  readonly deadLetterQueues: ReadonlyMap<string, sqs.IQueue>;
  /** The mail queue's dead-letter queue (Mail.deadLetters): mail the sender failed to send maxReceiveCount times. */
  readonly mailDeadLetters: sqs.IQueue;
  /** The functions Scheduler invokes (their events may wait longer: THRESHOLDS.scheduledEventAgeMinutes). */
  readonly scheduledFunctions: readonly string[];
  /** Functions whose reserved concurrency is below their burst on purpose (capacity.ts): their waiting shows as events left behind, not as throttles. */
  readonly throttledByDesign: readonly string[];
  readonly graphqlApi: appsync.IGraphqlApi;
  readonly table: dynamodb.ITable;
  readonly globalIndexNames: readonly string[];
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** The web ACL's metric name (ApiFirewall.metricName). */
  readonly webAclMetricName: string;
  /** The EventBridge rules, by the function they invoke (EventTriggers.rules). */
  readonly eventRules: ReadonlyMap<string, events.IRule>;
  readonly scheduleGroup: IScheduleGroup;
}

/**
 * What an operator watches (docs/operations.md): an alarm per failure that users or the jobs would feel, each to one SNS
 * topic (alarm and recovery), and one dashboard with the same metrics. Lambda resolvers throw their refusals (a wrong
 * password, a bad argument), so a request-serving function alarms on its share of errors; a job alarms on any error.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: MonitoringProps,
  ) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Alarms', { displayName: `${props.namePrefix} alarms`, enforceSSL: true });
    acknowledge(
      this.topic,
      'CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key, and the alarm notices carry alarm names and numbers, no user data.',
      'AwsSolutions-SNS2',
    );
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const { graphqlApi, table, userPool, userPoolClient } = props;
    const region = Stack.of(this).region;

    // AppSync
    const appsyncMetric = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/AppSync',
        metricName,
        dimensionsMap: { GraphQLAPIId: graphqlApi.apiId },
        statistic,
        period: FIVE_MINUTES,
      });
    const apiServerErrors = appsyncMetric('5XXError', 'Sum');
    const apiLatencyP99 = appsyncMetric('Latency', 'p99');
    this.alarm('ApiServerErrors', undefined, 'AppSync answered with server errors (5XX)', {
      metric: apiServerErrors,
      threshold: THRESHOLDS.apiServerErrors,
    });
    this.alarm('ApiLatency', undefined, `AppSync's p99 latency stayed above ${THRESHOLDS.apiLatencyP99Ms} ms for 15 minutes`, {
      metric: apiLatencyP99,
      threshold: THRESHOLDS.apiLatencyP99Ms,
      evaluationPeriods: 3,
    });

    // Lambda
    const asyncFunctions = new Set(props.deadLetterQueues.keys());
    for (const [name, fn] of props.functions) {
      const errors = fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' });
      if (asyncFunctions.has(name)) {
        this.alarm('FunctionErrors', name, `The ${name} function (no caller waits for it) failed`, { metric: errors, threshold: 1 });
      } else {
        const share = new cloudwatch.MathExpression({
          expression: `IF(errors >= ${THRESHOLDS.functionErrorsCounted}, 100 * errors / invocations, 0)`,
          usingMetrics: { errors, invocations: fn.metricInvocations({ period: FIVE_MINUTES, statistic: 'Sum' }) },
          label: `${name} errors (%)`,
          period: FIVE_MINUTES,
        });
        this.alarm(
          'FunctionErrors',
          name,
          `More than ${THRESHOLDS.functionErrorPercent} % of the ${name} function's calls failed in 2 of 3 five-minute periods`,
          { metric: share, threshold: THRESHOLDS.functionErrorPercent, evaluationPeriods: 3, datapointsToAlarm: 2 },
        );
      }
      if (!props.throttledByDesign.includes(name)) {
        this.alarm('FunctionThrottles', name, `Lambda refused calls of the ${name} function (throttled)`, {
          metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
          threshold: 1,
        });
      }
    }
    const concurrency = new cloudwatch.Metric({
      namespace: 'AWS/Lambda',
      metricName: 'ConcurrentExecutions',
      statistic: 'Maximum',
      period: Duration.minutes(1),
    });
    this.alarm(
      'LambdaConcurrency',
      undefined,
      `The account's Lambda functions used more than ${THRESHOLDS.concurrencyShare * 100} % of its ${props.lambdaConcurrencyQuota} concurrent executions for 3 minutes`,
      { metric: concurrency, threshold: Math.floor(props.lambdaConcurrencyQuota * THRESHOLDS.concurrencyShare), evaluationPeriods: 3 },
    );

    // DynamoDB
    const tableMetric = (metricName: string, indexName?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: table.tableName, ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}) },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    const throttleMetrics = Object.fromEntries(
      [undefined, ...props.globalIndexNames].flatMap((indexName, index) => [
        [`read${index}`, tableMetric('ReadThrottleEvents', indexName)],
        [`write${index}`, tableMetric('WriteThrottleEvents', indexName)],
      ]),
    );
    const tableThrottles = new cloudwatch.MathExpression({
      expression: Object.keys(throttleMetrics).join(' + '),
      usingMetrics: throttleMetrics,
      label: 'Throttle events (table and indexes)',
      period: FIVE_MINUTES,
    });
    const conflicts = tableMetric('TransactionConflict');
    this.alarm('TableThrottles', undefined, 'DynamoDB throttled reads or writes of the table or its indexes', {
      metric: tableThrottles,
      threshold: THRESHOLDS.tableThrottleEvents,
    });
    this.alarm('TableConflicts', undefined, 'Transactions on the table were cancelled by conflicts on the same items', {
      metric: conflicts,
      threshold: THRESHOLDS.transactionConflicts,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });

    // Cognito: sign-in and token refresh through the web client; sign-up is AdminCreateUser, which Cognito counts as "Admin".
    const cognitoMetric = (metricName: string, client: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/Cognito',
        metricName,
        dimensionsMap: { UserPool: userPool.userPoolId, UserPoolClient: client },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    const cognitoThrottles = new cloudwatch.MathExpression({
      expression: 'signIn + refresh + signUp',
      usingMetrics: {
        signIn: cognitoMetric('SignInThrottles', userPoolClient.userPoolClientId),
        refresh: cognitoMetric('TokenRefreshThrottles', userPoolClient.userPoolClientId),
        signUp: cognitoMetric('SignUpThrottles', 'Admin'),
      },
      label: 'Cognito throttles',
      period: FIVE_MINUTES,
    });
    this.alarm('CognitoThrottles', undefined, 'Cognito throttled sign-ins, sign-ups or token refreshes', { metric: cognitoThrottles, threshold: 1 });

    // SES (the account's reputation in this region)
    const sesMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.minutes(15) });
    const bounceRate = sesMetric('Reputation.BounceRate');
    const complaintRate = sesMetric('Reputation.ComplaintRate');
    this.alarm('MailBounces', undefined, `SES's bounce rate reached ${THRESHOLDS.bounceRate * 100} % (SES reviews the account at 5 %)`, {
      metric: bounceRate,
      threshold: THRESHOLDS.bounceRate,
    });
    this.alarm('MailComplaints', undefined, `SES's complaint rate reached ${THRESHOLDS.complaintRate * 100} % (SES reviews the account at 0.1 %)`, {
      metric: complaintRate,
      threshold: THRESHOLDS.complaintRate,
    });

    // WAF
    const wafMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/WAFV2',
        metricName,
        dimensionsMap: { WebACL: props.webAclMetricName, Region: region, Rule: 'ALL' },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    const blocked = wafMetric('BlockedRequests');
    this.alarm('FirewallBlocks', undefined, `AWS WAF blocked more than ${THRESHOLDS.firewallBlocks} API requests in 5 minutes`, {
      metric: blocked,
      threshold: THRESHOLDS.firewallBlocks,
    });

    // Dead letters and jobs left behind
    const queueDepths: cloudwatch.IMetric[] = [];
    const eventAges: cloudwatch.IMetric[] = [];
    for (const [name, queue] of props.deadLetterQueues) {
      const depth = queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES, label: name });
      queueDepths.push(depth);
      this.alarm('DeadLetters', name, `An event for the ${name} function failed every retry and waits in its dead-letter queue`, {
        metric: depth,
        threshold: 1,
      });
      const fn = props.functions.get(name);
      if (!fn) throw new Error(`No function named ${name} to watch`);
      const minutes = props.scheduledFunctions.includes(name) ? THRESHOLDS.scheduledEventAgeMinutes : THRESHOLDS.eventAgeMinutes;
      const age = fn.metric('AsyncEventAge', { statistic: 'Maximum', period: FIVE_MINUTES, label: name });
      eventAges.push(age);
      this.alarm('JobsLeftBehind', name, `Events for the ${name} function waited more than ${minutes} minutes to run`, {
        metric: age,
        threshold: Duration.minutes(minutes).toMilliseconds(),
      });
    }
    const mailDepth = props.mailDeadLetters.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES, label: 'mail' });
    queueDepths.push(mailDepth);
    this.alarm('MailDeadLetters', undefined, "A mail failed every send and waits in the mail queue's dead-letter queue", {
      metric: mailDepth,
      threshold: 1,
    });
    const scheduleLosses = new cloudwatch.MathExpression({
      expression: 'dropped + notQueued',
      usingMetrics: {
        dropped: props.scheduleGroup.metricDropped({ period: FIVE_MINUTES }),
        notQueued: props.scheduleGroup.metricFailedToBeSentToDLQ(undefined, { period: FIVE_MINUTES }),
      },
      label: 'Scheduled runs lost',
      period: FIVE_MINUTES,
    });
    this.alarm('JobsLeftBehind', 'schedules', 'Scheduler dropped a scheduled run, or could not put it in its dead-letter queue', {
      metric: scheduleLosses,
      threshold: 1,
    });
    const ruleLosses = [...props.eventRules].map(([name, rule], index) => {
      const ruleMetric = (metricName: string) =>
        new cloudwatch.Metric({
          namespace: 'AWS/Events',
          metricName,
          dimensionsMap: { RuleName: rule.ruleName },
          statistic: 'Sum',
          period: FIVE_MINUTES,
        });
      const losses = new cloudwatch.MathExpression({
        // Ids unique across the rules: the dashboard graphs them together.
        expression: `failed${index} + unqueued${index}`,
        usingMetrics: { [`failed${index}`]: ruleMetric('FailedInvocations'), [`unqueued${index}`]: ruleMetric('InvocationsFailedToBeSentToDlq') },
        label: `Events lost on the way to ${name}`,
        period: FIVE_MINUTES,
      });
      this.alarm('JobsLeftBehind', `${name}-rule`, `The EventBridge rule of the ${name} function failed to deliver an event`, {
        metric: losses,
        threshold: 1,
      });
      return losses;
    });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${props.namePrefix}-operations`,
      defaultInterval: Duration.hours(6),
      widgets: [
        [new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 })],
        [
          graph('API requests and server errors', [appsyncMetric('Requests', 'Sum'), apiServerErrors, appsyncMetric('4XXError', 'Sum')]),
          graph('API latency (ms)', [appsyncMetric('Latency', 'p50'), apiLatencyP99]),
          graph('AWS WAF', [wafMetric('AllowedRequests'), blocked]),
        ],
        [
          graph(
            'Lambda errors',
            [...props.functions.values()].map((fn, index) => fn.metricErrors({ period: FIVE_MINUTES, label: [...props.functions.keys()][index] })),
          ),
          graph(
            'Lambda throttles',
            [...props.functions.values()].map((fn, index) => fn.metricThrottles({ period: FIVE_MINUTES, label: [...props.functions.keys()][index] })),
          ),
          graph('Lambda concurrent executions (account)', [concurrency]),
        ],
        [
          graph('DynamoDB consumed capacity', [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')]),
          graph('DynamoDB throttles and transaction conflicts', [tableThrottles, conflicts]),
          graph('Cognito throttles, SES reputation', [cognitoThrottles], [bounceRate, complaintRate]),
        ],
        [
          graph('Dead-letter queues (messages)', queueDepths),
          graph('Asynchronous event age (ms)', eventAges),
          graph('Scheduled runs and events lost', [scheduleLosses, ...ruleLosses]),
        ],
      ],
    });
  }

  /** An alarm named `<prefix>-<section>[-<subject>]`, to the topic (alarm and recovery), its description pointing at its runbook section. */
  private alarm(
    section: Section,
    subject: string | undefined,
    meaning: string,
    options: Pick<cloudwatch.AlarmProps, 'metric' | 'threshold'> & Partial<Pick<cloudwatch.AlarmProps, 'evaluationPeriods' | 'datapointsToAlarm'>>,
  ): void {
    const id = subject ? `${section}-${subject}` : section;
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: `${this.props.namePrefix}-${id}`,
      alarmDescription: `${meaning}. Runbook: ${RUNBOOK}#${section.toLowerCase()}`,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      // Most of these metrics are only sent when something happens: no data is good news.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...options,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

function graph(title: string, left: cloudwatch.IMetric[], right: cloudwatch.IMetric[] = []): cloudwatch.GraphWidget {
  return new cloudwatch.GraphWidget({ title, left, right, width: 8, height: 6 });
}
