import { Duration } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import type { Schedule as ScheduleEntry } from '../../lambdas/triggers';
import { pascal } from './functions';

export interface SchedulesProps {
  /** Normally `schedules` from lambdas/triggers.ts. */
  readonly schedules: readonly ScheduleEntry[];
  /** The functions by name (ApiFunctions.byName). */
  readonly functions: ReadonlyMap<string, IFunction>;
}

/**
 * One EventBridge Scheduler schedule per entry of lambdas/triggers.ts `schedules`, each invoking its function
 * (CDK makes the invoke role). A failed invoke is retried twice within the hour; the jobs are idempotent per period
 * (docs/recap.md), so a retry sends nothing twice.
 */
export class Schedules extends Construct {
  readonly byName = new Map<string, Schedule>();

  constructor(scope: Construct, id: string, { schedules, functions }: SchedulesProps) {
    super(scope, id);
    for (const entry of schedules) {
      const fn = functions.get(entry.function);
      if (!fn) throw new Error(`No function named ${entry.function} for the schedule ${entry.name}`);
      const schedule = new Schedule(this, pascal(entry.name), {
        description: entry.description,
        schedule: ScheduleExpression.expression(entry.expression),
        target: new LambdaInvoke(fn, { input: ScheduleTargetInput.fromObject({}), retryAttempts: 2, maxEventAge: Duration.hours(1) }),
      });
      this.byName.set(entry.name, schedule);
    }
  }
}
