import { Duration } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { EventTrigger, NotificationTrigger, S3UploadTrigger, Schedule } from '../../lambdas/triggers';
import { pascal } from './functions';
import { acknowledge } from './nag';

/** The functions that S3, EventBridge, SNS or Scheduler invoke asynchronously: nobody waits for them, so nobody sees them fail. */
export function asyncFunctionNames(entryPoints: {
  uploads: readonly S3UploadTrigger[];
  events: readonly EventTrigger[];
  notifications: readonly NotificationTrigger[];
  schedules: readonly Schedule[];
}): string[] {
  return [
    ...new Set(
      [...entryPoints.uploads, ...entryPoints.events, ...entryPoints.notifications, ...entryPoints.schedules].map((entry) => entry.function),
    ),
  ];
}

interface DeadLettersProps {
  /** Normally asyncFunctionNames of lambdas/triggers.ts. */
  readonly names: readonly string[];
  /** The functions by name (ApiFunctions.byName). */
  readonly functions: ReadonlyMap<string, IFunction>;
}

/**
 * One dead-letter queue per asynchronously invoked function, kept 14 days (SQS's longest): Lambda sends it an event whose
 * retries all failed (its on-failure destination, after Lambda's 2 retries), and the event rule and the schedules that
 * target the function send it the events they could not deliver (event-triggers.ts, schedules.ts). Without them such an
 * event was dropped: a transcode whose final status was lost left its video PROGRESSING for good. The monitoring stack
 * alarms on every message; docs/operations.md says how to read one and send it again.
 */
export class DeadLetters extends Construct {
  readonly byFunction = new Map<string, sqs.Queue>();

  constructor(scope: Construct, id: string, { names, functions }: DeadLettersProps) {
    super(scope, id);
    for (const name of names) {
      const fn = functions.get(name);
      if (!fn) throw new Error(`No function named ${name} for a dead-letter queue`);
      const queue = new sqs.Queue(this, `${pascal(name)}Failures`, {
        retentionPeriod: Duration.days(14),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      acknowledge(
        queue,
        `This queue is itself the dead-letter queue of the ${name} function's asynchronous events; nothing reads it but an operator.`,
        'AwsSolutions-SQS3',
      );
      fn.configureAsyncInvoke({ onFailure: new SqsDestination(queue) });
      this.byFunction.set(name, queue);
    }
  }

  /** The queue of a function invoked asynchronously; throws for any other, so no asynchronous target goes without one. */
  of(name: string): sqs.IQueue {
    const queue = this.byFunction.get(name);
    if (!queue) throw new Error(`The ${name} function has no dead-letter queue: add it to the asynchronous entry points`);
    return queue;
  }
}
