import { CfnOutput } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { HttpRoute } from '../../lambdas/triggers';
import { acknowledge } from './nag';

interface HttpEndpointsProps {
  /** Normally `httpRoutes` from lambdas/triggers.ts. */
  readonly routes: readonly HttpRoute[];
  /** The functions by name (ApiFunctions.byName). */
  readonly functions: ReadonlyMap<string, IFunction>;
}

/**
 * The endpoints beside GraphQL (lambdas/triggers.ts) on one HTTP API: a route per entry, each to its function
 * (payload 2.0), with access logs and throttling on the default stage. The local stack serves the same routes on the
 * app's origin (scripts/local/http-endpoints.ts).
 */
export class HttpEndpoints extends Construct {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, { routes, functions }: HttpEndpointsProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { description: 'FitGauge endpoints beside GraphQL', createDefaultStage: false });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
      throttle: { rateLimit: 50, burstLimit: 100 },
    });

    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of routes) {
      const fn = functions.get(route.function);
      if (!fn) throw new Error(`No function named ${route.function} for ${route.method} ${route.path}`);
      let integration = integrations.get(route.function);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${route.function}Integration`, fn);
        integrations.set(route.function, integration);
      }
      this.api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
    }
    // Public by design: the store link is for anyone; a Stripe webhook proves itself by its signature in the handler.
    acknowledge(
      this.api,
      'Public endpoints: each checks what it needs itself (the store link needs nothing; webhooks verify their signature).',
      'AwsSolutions-APIG4',
    );

    new CfnOutput(this, 'Url', { value: this.api.apiEndpoint, description: 'Base URL of the endpoints beside GraphQL (/api/v1/...)' });
  }
}
