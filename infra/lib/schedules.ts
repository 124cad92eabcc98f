import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import type { Schedule as ScheduleEntry } from '../../lambdas/triggers';
import { pascal } from './functions';
import { acknowledge, refInFinding } from './nag';

interface SchedulesProps {
  /** Normally `schedules` from lambdas/triggers.ts. */
  readonly schedules: readonly ScheduleEntry[];
  /** The functions by name (ApiFunctions.byName). */
  readonly functions: ReadonlyMap<string, IFunction>;
}

/**
 * One EventBridge Scheduler schedule per entry of lambdas/triggers.ts `schedules`, each invoking its function with a
 * role of its own that may invoke that function only (not CDK's shared scheduler role, which collects every target). A failed invoke is retried twice within the hour; the jobs are idempotent per period
 * (docs/recap.md), so a retry sends nothing twice.
 */
export class Schedules extends Construct {
  readonly byName = new Map<string, Schedule>();

  constructor(scope: Construct, id: string, { schedules, functions }: SchedulesProps) {
    super(scope, id);
    for (const entry of schedules) {
      const fn = functions.get(entry.function);
      if (!fn) throw new Error(`No function named ${entry.function} for the schedule ${entry.name}`);
      const id = pascal(entry.name);
      const role = new iam.Role(this, `${id}Role`, {
        description: `Invokes the ${entry.function} function on the ${entry.name} schedule`,
        assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
        }),
      });
      acknowledge(
        role,
        "Lambda's grantInvoke also allows the function's versions and aliases (<arn>:*); the function is this schedule's own.",
        `AwsSolutions-IAM5[Resource::${refInFinding(fn.node.defaultChild as CfnFunction)}:*]`,
      );
      const schedule = new Schedule(this, id, {
        description: entry.description,
        schedule: ScheduleExpression.expression(entry.expression),
        target: new LambdaInvoke(fn, {
          role,
          input: ScheduleTargetInput.fromObject(entry.input ?? {}),
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
        }),
      });
      this.byName.set(entry.name, schedule);
    }
  }
}
