import { ArnFormat, Stack } from 'aws-cdk-lib';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * The public operations that check a password or a reset code, or create an account: what a password sprayer or
 * someone locking accounts by e-mail calls. `forgotPassword` also matches forgotPasswordVerify and forgotPasswordFinal.
 */
export const PUBLIC_AUTH_OPERATIONS = ['loginUser', 'logInUserWithDiscord', 'signUpUser', 'forgotPassword'] as const;

/**
 * The coupon operations: checking codes (guessing them) and applying one to an e-mail (which mails its owner).
 * `applyCouponToEmail` and `confirmCoupon` are matched as written; `checkCoupon` too.
 */
export const COUPON_OPERATIONS = ['checkCoupon', 'applyCouponToEmail', 'confirmCoupon'] as const;

/** Requests per IP in a 5-minute window (WAF's evaluation window) before WAF answers 429. */
export const RATE_LIMITS = {
  /** Sign-in, sign-up and reset calls: a team sharing one address signs in a few times a day each. */
  publicAuthPerIp: 100,
  /** Coupon calls: someone buying types a few codes; the resolvers' own limits (docs/billing.md) are stricter per caller. */
  couponPerIp: 50,
  /** Every request: a dashboard page sends a handful; a busy team behind one address stays far below this. */
  allPerIp: 3000,
  windowSeconds: 300,
} as const;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const tooManyRequests: wafv2.CfnWebACL.RuleActionProperty = { block: { customResponse: { responseCode: 429 } } };

function bodyContains(text: string): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      // WAF reads only the first 8 KB of an AppSync body: a larger body counts as a match, so padding the
      // operation past what WAF reads does not escape the stricter limit.
      fieldToMatch: { body: { oversizeHandling: 'MATCH' } },
      positionalConstraint: 'CONTAINS',
      searchString: text,
      // The query is a JSON string: JS_DECODE undoes \u escapes ("\u006coginUser") before the match.
      textTransformations: [{ priority: 0, type: 'JS_DECODE' }],
    },
  };
}

/**
 * AWS WAF in front of the AppSync API: per-IP rate limits (strict on the public sign-in, sign-up and reset
 * operations, looser on everything) throttle password spraying and lock-out by e-mail before any Lambda runs, and
 * AWS's common rule set drops known-bad requests. The per-account limits in the Lambdas stay the real guard; WAF
 * makes trying many accounts from one address slow. The requests it blocks or counts are logged, without their bearer
 * tokens, to a log group of their own (what an operator reads when the WAF alarm fires: docs/operations.md).
 */
export class ApiFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  /** The web ACL's metric name: the WebACL dimension of its CloudWatch metrics (rules add theirs: RuleName, or ALL). */
  readonly metricName: string;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: { api: appsync.GraphqlApi }) {
    super(scope, id);
    const name = `${Stack.of(this).stackName}-api`;
    this.metricName = `${name}-acl`;
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(this.metricName),
      rules: [
        {
          name: 'PublicAuthRatePerIp',
          priority: 0,
          action: tooManyRequests,
          visibilityConfig: visibility(`${name}-public-auth-rate`),
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: RATE_LIMITS.publicAuthPerIp,
              evaluationWindowSec: RATE_LIMITS.windowSeconds,
              scopeDownStatement: { orStatement: { statements: PUBLIC_AUTH_OPERATIONS.map(bodyContains) } },
            },
          },
        },
        {
          name: 'CouponRatePerIp',
          priority: 1,
          action: tooManyRequests,
          visibilityConfig: visibility(`${name}-coupon-rate`),
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: RATE_LIMITS.couponPerIp,
              evaluationWindowSec: RATE_LIMITS.windowSeconds,
              scopeDownStatement: { orStatement: { statements: COUPON_OPERATIONS.map(bodyContains) } },
            },
          },
        },
        {
          name: 'AllRequestsRatePerIp',
          priority: 2,
          action: tooManyRequests,
          visibilityConfig: visibility(`${name}-all-rate`),
          statement: {
            rateBasedStatement: { aggregateKeyType: 'IP', limit: RATE_LIMITS.allPerIp, evaluationWindowSec: RATE_LIMITS.windowSeconds },
          },
        },
        {
          name: 'AwsCommonRuleSet',
          priority: 3,
          overrideAction: { none: {} },
          visibilityConfig: visibility(`${name}-common`),
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Counted, not blocked: every request is a GraphQL JSON body. Its size is bounded by AppSync and by
              // each argument's schema, and the 8 KB rule would refuse legitimate long texts; free text that looks
              // like markup is stored as text and rendered escaped by React, so the XSS body rule would only refuse
              // a user's honest writing with an opaque 403.
              ruleActionOverrides: ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY'].map((rule) => ({
                name: rule,
                actionToUse: { count: {} },
              })),
            },
          },
        },
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'ApiAssociation', { resourceArn: props.api.arn, webAclArn: this.webAcl.attrArn });

    // WAF writes only to log groups whose name starts with aws-waf-logs-, named by their ARN without the ":*" of GetAtt.
    const logGroupName = `aws-waf-logs-${name}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', { logGroupName, retention: logs.RetentionDays.ONE_MONTH });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [
        Stack.of(this).formatArn({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
      ],
      // The sign-in and API tokens travel in this header.
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
      // The requests a rule blocked or counted: what explains a WAF alarm or a user's 429. Allowed traffic would multiply the volume.
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: ['BLOCK', 'COUNT', 'EXCLUDED_AS_COUNT'].map((action) => ({ ActionCondition: { Action: action } })),
          },
        ],
      },
    });
    logging.node.addDependency(this.logGroup);
  }
}
