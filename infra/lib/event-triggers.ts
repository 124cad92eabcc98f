import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { EventTrigger, S3UploadTrigger } from '../../lambdas/triggers';

interface EventTriggersProps {
  /** Normally `s3UploadTriggers` and `eventTriggers` from lambdas/triggers.ts. */
  readonly uploads: readonly S3UploadTrigger[];
  readonly events: readonly EventTrigger[];
  readonly buckets: Readonly<Record<S3UploadTrigger['bucket'], s3.Bucket>>;
  /** The functions by name (ApiFunctions.byName). */
  readonly functions: ReadonlyMap<string, IFunction>;
  /** Each function's dead-letter queue (DeadLetters.of): where an event the rule could not deliver goes. */
  readonly deadLetterQueueOf: (functionName: string) => IQueue;
}

/**
 * The event entry points of lambdas/triggers.ts: an S3 notification per upload trigger (ObjectCreated under its
 * prefix) and an EventBridge rule on the default bus per event trigger. S3 hands its event to Lambda's asynchronous queue,
 * whose failures go to the function's dead-letter queue (dead-letters.ts); a rule retries a failed delivery 4 times, then
 * sends the event to the same queue. The local stack delivers the same events to the same handlers
 * (scripts/local/event-triggers.ts).
 */
export class EventTriggers extends Construct {
  /** The EventBridge rules, by the function they invoke. */
  readonly rules = new Map<string, events.Rule>();

  constructor(scope: Construct, id: string, props: EventTriggersProps) {
    super(scope, id);
    const functionOf = (name: string) => {
      const fn = props.functions.get(name);
      if (!fn) throw new Error(`No function named ${name} for an event trigger`);
      return fn;
    };
    for (const trigger of props.uploads) {
      props.buckets[trigger.bucket].addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(functionOf(trigger.function)), {
        prefix: trigger.prefix,
      });
    }
    for (const trigger of props.events) {
      const rule = new events.Rule(this, `${trigger.function}Rule`, {
        description: `${trigger.detailType} (${trigger.statuses.join(', ')}) to ${trigger.function}`,
        eventPattern: { source: [trigger.source], detailType: [trigger.detailType], detail: { status: [...trigger.statuses] } },
        targets: [
          new targets.LambdaFunction(functionOf(trigger.function), {
            retryAttempts: 4,
            deadLetterQueue: props.deadLetterQueueOf(trigger.function),
          }),
        ],
      });
      this.rules.set(trigger.function, rule);
    }
  }
}
