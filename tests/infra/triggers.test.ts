/**
 * The endpoints beside GraphQL are declared once (lambdas/triggers.ts): CDK's HTTP API and the local stack must serve
 * the same routes with the same functions. Lambda bundling is skipped (no code runs here), which keeps this synth fast.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { HttpEndpoints } from '../../infra/lib/http-endpoints';
import { Schedules } from '../../infra/lib/schedules';
import { createHttpEndpoints } from '../../scripts/local/http-endpoints';
import { httpRoutes, routeKey, schedules, triggerFunctions } from '../../lambdas/triggers';

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
  new Schedules(stack, 'Schedules', { schedules, functions });
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
        .filter((resource) => ['HttpEndpoints', 'Schedules'].some((construct) => resource.constructPath?.includes(construct)))
        .map((resource) => ({ rule: violation.ruleName, at: resource.constructPath })),
    );
    expect(findings).toEqual([]);
  });
});

describe('schedules (lambdas/triggers.ts)', () => {
  const { stack, functions, template } = synthesize();
  const functionArn = (name: string) => ({ 'Fn::GetAtt': [stack.getLogicalId(functions.get(name)!.node.defaultChild as lambda.CfnFunction), 'Arn'] });

  it('the recap job runs hourly on an EventBridge Scheduler schedule that invokes its Lambda, retried within the hour', () => {
    expect(schedules.map((schedule) => [schedule.name, schedule.function])).toEqual([['recap', 'recapJob']]);
    const all = Object.values(template.findResources('AWS::Scheduler::Schedule'));
    expect(all).toHaveLength(schedules.length);
    expect(all[0].Properties).toMatchObject({
      ScheduleExpression: 'rate(1 hour)',
      State: 'ENABLED',
      Target: { Arn: functionArn('recapJob'), RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 } },
    });
  });

  it("the scheduler's role may invoke exactly the job's function", () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('lambda:InvokeFunction'),
    );
    const invoked = policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement.flatMap((statement: { Resource: unknown }) => [statement.Resource].flat()));
    expect(invoked).toEqual(expect.arrayContaining([functionArn('recapJob')]));
    expect(JSON.stringify(invoked)).not.toContain(stack.getLogicalId(functions.get('links')!.node.defaultChild as lambda.CfnFunction));
  });
});
