import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression, ScheduleGroup, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Schedule as ScheduleEntry } from '../../lambdas/triggers';
import { pascal } from './functions';
import { acknowledge, refInFinding } from './nag';

interface SchedulesProps {
  /** Normally `schedules` from lambdas/triggers.ts. */
  readonly schedules: readonly ScheduleEntry[];
  /** The functions by name (ApiFunctions.byName). */
  readonly functions: ReadonlyMap<string, IFunction>;
  /** Each function's dead-letter queue (DeadLetters.of): where an invoke that failed its retries goes. */
  readonly deadLetterQueueOf: (functionName: string) => IQueue;
}

/**
 * One EventBridge Scheduler schedule per entry of lambdas/triggers.ts `schedules`, in a schedule group of the app's own
 * (its metrics are FitGauge's alone). The schedules of one function share a role of their own that may invoke that
 * function only (not CDK's shared scheduler role, which collects every target; a role per schedule would add two
 * resources to each of the dozens of shards). A failed invoke is retried twice within the hour, then goes to the
 * function's dead-letter queue; the jobs are idempotent per period (docs/recap.md), so a retry sends nothing twice.
 */
export class Schedules extends Construct {
  readonly byName = new Map<string, Schedule>();
  readonly group: ScheduleGroup;

  constructor(scope: Construct, id: string, { schedules, functions, deadLetterQueueOf }: SchedulesProps) {
    super(scope, id);
    // Its name is derived from the stack's: a group retained after a deleted stack would stop the stack's next creation.
    this.group = new ScheduleGroup(this, 'Group', { removalPolicy: RemovalPolicy.DESTROY });
    const roles = new Map<string, iam.Role>();
    const roleOf = (name: string, fn: IFunction) => {
      let role = roles.get(name);
      if (!role) {
        role = new iam.Role(this, `${pascal(name)}Role`, {
          description: `Invokes the ${name} function on its schedules`,
          assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
            conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
          }),
        });
        acknowledge(
          role,
          "Lambda's grantInvoke also allows the function's versions and aliases (<arn>:*); the function is these schedules' own.",
          `AwsSolutions-IAM5[Resource::${refInFinding(fn.node.defaultChild as CfnFunction, 'Arn', role)}:*]`,
        );
        roles.set(name, role);
      }
      return role;
    };
    for (const entry of schedules) {
      const fn = functions.get(entry.function);
      if (!fn) throw new Error(`No function named ${entry.function} for the schedule ${entry.name}`);
      const schedule = new Schedule(this, pascal(entry.name), {
        description: entry.description,
        scheduleGroup: this.group,
        schedule: ScheduleExpression.expression(entry.expression),
        target: new LambdaInvoke(fn, {
          role: roleOf(entry.function, fn),
          input: ScheduleTargetInput.fromObject(entry.input ?? {}),
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
          deadLetterQueue: deadLetterQueueOf(entry.function),
        }),
      });
      this.byName.set(entry.name, schedule);
    }
  }
}
