import { Stack } from 'aws-cdk-lib';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
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
 * makes trying many accounts from one address slow.
 */
export class ApiFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { api: appsync.GraphqlApi }) {
    super(scope, id);
    const name = `${Stack.of(this).stackName}-api`;
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${name}-acl`),
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
  }
}
