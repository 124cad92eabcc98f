import './xray-mode';
import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import type { Context } from 'aws-lambda';
import { AppError } from './errors';

/**
 * Powertools for every function, configured once: structured JSON logs with the request and correlation ids, business
 * metrics in CloudWatch's embedded metric format, X-Ray traces. CDK sets POWERTOOLS_SERVICE_NAME,
 * POWERTOOLS_METRICS_NAMESPACE, LOG_LEVEL and active tracing (infra/lib/functions.ts). Locally logs and metrics go to
 * the console and tracing is off (Powertools traces only inside Lambda); LOG_LEVEL (default WARN) keeps tests quiet.
 */
const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'fitgauge';

export const logger = new Logger({ serviceName, logLevel: (process.env.LOG_LEVEL ?? 'WARN') as LogLevel });
const metrics = new Metrics({ serviceName, namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'FitGauge' });
export const tracer = new Tracer({ serviceName });

/** The business events FitGauge counts (one metric each, unit Count). */
export type BusinessEvent = 'CheckIn' | 'SignInRefused' | 'SignUp' | 'PasswordReset' | 'InviteSent' | 'TeamJoined';

function countEvent(event: BusinessEvent): void {
  metrics.addMetric(event, MetricUnit.Count, 1);
}

interface CorrelatedEvent {
  request?: { headers?: Record<string, string | undefined> | null } | null;
  headers?: Record<string, string | undefined> | null;
  requestContext?: { requestId?: string };
}

/**
 * What ties the logs of one user action together across functions: the caller's `x-correlation-id` when sent, else the
 * X-Ray trace header AppSync and API Gateway pass on, else the HTTP API's request id.
 */
function correlationIdOf(event: CorrelatedEvent): string | undefined {
  const headers = event.request?.headers ?? event.headers ?? {};
  return headers['x-correlation-id'] ?? headers['x-amzn-trace-id'] ?? event.requestContext?.requestId;
}

/**
 * Wraps a Lambda handler: each invocation logs with its request id (the Lambda context's, or a fresh one where the
 * local stack calls the handler without a context) and correlation id, and publishes the metrics it counted.
 */
export function observed<E, R>(handler: (event: E) => Promise<R>): (event: E, context?: Context) => Promise<R> {
  return async (event, context) => {
    logger.resetKeys();
    if (context) logger.addContext(context);
    else logger.appendKeys({ function_request_id: randomUUID() });
    const correlationId = correlationIdOf(event as CorrelatedEvent);
    if (correlationId) logger.setCorrelationId(correlationId);
    tracer.annotateColdStart();
    tracer.addServiceNameAnnotation();
    try {
      return await handler(event);
    } finally {
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    }
  };
}

/** Runs the call and counts `event` when it succeeds. */
export async function countSuccess<R>(event: BusinessEvent, call: () => Promise<R>): Promise<R> {
  const result = await call();
  countEvent(event);
  return result;
}

/** Runs the call and counts `event` when it is refused (an AppError: wrong credentials, a limit, bad input). */
export async function countRefusal<R>(event: BusinessEvent, call: () => Promise<R>): Promise<R> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) countEvent(event);
    throw error;
  }
}
