/**
 * The endpoints beside GraphQL are declared once (lambdas/triggers.ts): CDK's HTTP API and the local stack must serve
 * the same routes with the same functions. Lambda bundling is skipped (no code runs here), which keeps this synth fast.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { HttpEndpoints } from '../../infra/lib/http-endpoints';
import { createHttpEndpoints } from '../../scripts/local/http-endpoints';
import { httpRoutes, routeKey, triggerFunctions } from '../../lambdas/triggers';

function synthesize() {
  const app = new App();
  const stack = new Stack(app, 'Triggers');
  const functions = new Map(
    Object.keys(triggerFunctions).map((name) => [
      name,
      new lambda.Function(stack, `${name}Function`, { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromInline('exports.handler = async () => ({})') }),
    ]),
  );
  const endpoints = new HttpEndpoints(stack, 'HttpEndpoints', { routes: httpRoutes, functions });
  return { app, stack, endpoints, functions, template: Template.fromStack(stack) };
}

describe('entry points beside AppSync (lambdas/triggers.ts)', () => {
  const { app, stack, functions, template } = synthesize();

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

  it('logs access on the default stage and passes cdk-nag', () => {
    const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stage.Properties).toMatchObject({ StageName: '$default', AutoDeploy: true, AccessLogSettings: { DestinationArn: expect.anything() } });
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(app);
    // The stand-in functions are not ours to judge here (tests/infra/fitgauge-stack.test.ts checks the real ones).
    const findings = report.violations.flatMap((violation) =>
      violation.violatingResources
        .filter((resource) => resource.constructPath?.includes('HttpEndpoints'))
        .map((resource) => ({ rule: violation.ruleName, at: resource.constructPath })),
    );
    expect(findings).toEqual([]);
  });
});
