import { CfnResource, Names, Stack, Validations } from 'aws-cdk-lib';
import { NagRuleCompliance, rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges cdk-nag findings on a construct and everything under it, all for one concrete reason.
 * cdk-nag 3 reads CDK's own acknowledgements (Validations.of().acknowledge); each IAM5 finding
 * (`AwsSolutions-IAM5[Resource::...]`) must be named exactly, so an unforeseen wildcard still fails synth.
 */
export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));
}

/**
 * How cdk-nag spells a resource attribute (Fn::GetAtt) inside an IAM5 finding on `consumer`: `<LogicalId.Arn>` in the
 * resource's own stack; in a stack nested below it, the parameter CDK passes the value through (`<referenceto…Arn>`).
 */
export function refInFinding(resource: CfnResource, attribute = 'Arn', consumer: IConstruct = resource): string {
  if (Stack.of(consumer) === Stack.of(resource)) return `<${Stack.of(resource).resolve(resource.logicalId)}.${attribute}>`;
  // CDK names the nested stack's parameter after the producing resource and the attribute (aws-cdk-lib core/lib/private/refs.ts).
  return `<referenceto${Names.nodeUniqueId(resource.node)}${attribute}>`;
}

/** CDK's own deploy-time helper Lambdas: stack-level singletons whose role, policy and runtime CDK writes. */
const CDK_HELPERS: { idPrefix: string; reason: string }[] = [
  {
    idPrefix: 'LogRetention',
    reason:
      "CDK's log-retention helper (sets the retention of the AppSync log group, whose name exists only once the API does). CDK fixes its role, policy and runtime; it runs only during deployments.",
  },
  {
    idPrefix: 'BucketNotificationsHandler',
    reason:
      "CDK's bucket-notifications helper: writes the videos bucket's S3 event notification (lambdas/triggers.ts) during deployments. CDK fixes its role, policy and runtime.",
  },
  {
    idPrefix: 'Custom::CDKBucketDeployment',
    reason:
      "CDK's BucketDeployment helper: copies the web build from the CDK asset bucket into the site bucket and invalidates CloudFront. CDK fixes its role, policy and runtime; it runs only during deployments.",
  },
];

const HELPER_RULES = [
  { id: 'AwsSolutions-IAM4', rule: rules.iam.IAMNoManagedPolicies },
  { id: 'AwsSolutions-IAM5', rule: rules.iam.IAMNoWildcardPermissions },
  { id: 'AwsSolutions-L1', rule: rules.lambda.LambdaLatestVersion },
];

/**
 * Acknowledges, finding by finding, what cdk-nag reports on CDK's helper Lambdas. Call it when the stack is
 * complete. The findings are listed by cdk-nag's own rules because their ARNs embed the bootstrap qualifier,
 * account and region; everything FitGauge defines itself is acknowledged by hand where it is built.
 */
export function acknowledgeCdkHelpers(stack: Stack): void {
  for (const helper of stack.node.children) {
    const known = CDK_HELPERS.find(({ idPrefix }) => helper.node.id.startsWith(idPrefix));
    if (!known) continue;
    const ids = new Set<string>();
    for (const node of helper.node.findAll()) {
      if (!CfnResource.isCfnResource(node)) continue;
      if (node.cfnResourceType === 'AWS::Lambda::Function') {
        ignoreCfnLint(
          node,
          "CDK writes this helper function's DependsOn on its own role (already a GetAtt of the function): redundant, harmless, and not ours to change.",
          'W3005',
        );
      }
      for (const { id, rule } of HELPER_RULES) {
        const result = rule(node);
        if (Array.isArray(result)) result.forEach((finding) => ids.add(`${id}[${finding}]`));
        else if (result === NagRuleCompliance.NON_COMPLIANT) ids.add(id);
      }
    }
    acknowledge(helper, known.reason, ...ids);
  }
}

/**
 * Tells cfn-lint (npm run lint:cfn) to skip `checks` on one resource, for one concrete reason, kept beside the
 * suppression in the template's Metadata (cfn-lint reads `cfn-lint.config.ignore_checks`; the reason is for people).
 */
function ignoreCfnLint(resource: CfnResource, reason: string, ...checks: string[]): void {
  const current = (resource.getMetadata('cfn-lint') as { config?: { ignore_checks?: string[] }; reasons?: Record<string, string> } | undefined) ?? {};
  const ignore = [...new Set([...(current.config?.ignore_checks ?? []), ...checks])];
  const reasons = { ...current.reasons, ...Object.fromEntries(checks.map((check) => [check, reason])) };
  resource.addMetadata('cfn-lint', { config: { ignore_checks: ignore }, reasons });
}
