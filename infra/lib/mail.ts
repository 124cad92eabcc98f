import { Duration, Stack } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { NotificationTrigger, QueueTrigger } from '../../lambdas/triggers';
import { acknowledge } from './nag';

/** How long the mail queue keeps a message SES could not take (SQS's default): an SES outage of days still sends. */
const MAIL_RETENTION = Duration.days(4);

/**
 * SES's sending rate of the account, in messages a second (MAIL_SEND_RATE): a new production account's 14; raise it
 * here when SES raises the account's quota (docs/operations.md, "Quotas to raise before a launch").
 */
const MAIL_SEND_RATE = 14;

/**
 * The mail path (docs/architecture.md, "Mail and push"): the mail queue that sendMail writes to, its dead-letter
 * queue, and SES's configuration set, whose bounce and complaint events go to the mail-events topic. Made before the
 * functions (they are granted the queue and the set); `connect` then wires the registry's sender and event handler.
 */
export class Mail extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly events: sns.Topic;
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: { trigger: QueueTrigger }) {
    super(scope, id);
    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    acknowledge(this.deadLetters, "This queue is itself the mail queue's dead-letter queue; nothing reads it but an operator.", 'AwsSolutions-SQS3');
    this.queue = new sqs.Queue(this, 'Queue', {
      retentionPeriod: MAIL_RETENTION,
      visibilityTimeout: Duration.seconds(props.trigger.visibilityTimeoutSeconds),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: props.trigger.maxReceiveCount },
    });
    this.events = new sns.Topic(this, 'Events', { displayName: 'SES bounces and complaints', enforceSSL: true });
    acknowledge(
      this.events,
      'SES cannot publish to a topic encrypted with the AWS managed SNS key; the events carry the addresses SES already holds, and only the bounce handler reads them.',
      'AwsSolutions-SNS2',
    );
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', { reputationMetrics: true });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.events),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
  }

  /**
   * The queue's sender (an SQS event source reporting batch item failures, at most `concurrency` instances, each
   * sending at its share of MAIL_SEND_RATE) and the topic's subscriber, from lambdas/triggers.ts.
   */
  connect(functions: ReadonlyMap<string, lambda.Function>, queueTrigger: QueueTrigger, notificationTrigger: NotificationTrigger): void {
    const functionOf = (name: string) => {
      const fn = functions.get(name);
      if (!fn) throw new Error(`No function named ${name} for the mail path`);
      return fn;
    };
    const sender = functionOf(queueTrigger.function);
    sender.addEventSource(
      new SqsEventSource(this.queue, { batchSize: queueTrigger.batchSize, reportBatchItemFailures: true, maxConcurrency: queueTrigger.concurrency }),
    );
    // Never more senders than the pace assumes: the reservation holds SES's rate whatever else runs.
    (sender.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = queueTrigger.concurrency;
    sender.addEnvironment('MAIL_SEND_RATE', String(MAIL_SEND_RATE));
    sender.addEnvironment('MAIL_SENDER_CONCURRENCY', String(queueTrigger.concurrency));
    // The queue a failed message's retry wait is set on (ChangeMessageVisibility, part of the event source's grant).
    sender.addEnvironment('MAIL_QUEUE_URL', this.queue.queueUrl);
    this.events.addSubscription(new LambdaSubscription(functionOf(notificationTrigger.function)));
  }

  /** The ARN of the configuration set, which SES checks a send in it against. */
  get configurationSetArn(): string {
    return Stack.of(this).formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName });
  }
}
