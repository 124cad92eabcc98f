import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { ROLES } from '@core/roles';
import { acknowledge } from './nag';

/**
 * How long access and id tokens last: a morning (check-in at waking, practice, the coaches' reviews), so a session
 * refreshes once when it opens, not every hour, and an open app renews 4 times a day instead of 24. Longer tokens revoke
 * as fast as short ones: every call checks the account's sign-out time (docs/accounts.md, Sessions). At most a day
 * (Cognito's limit, and how long a sign-out is remembered: lambdas/lib/stores/sign-out-store.ts).
 */
const SESSION_TOKEN_VALIDITY = Duration.hours(6);

/**
 * The Cognito user pool: one group per role (cognito:groups drives authorization) and the web app's client.
 * Sign-up, sign-in and password reset go through the API Lambda (AdminCreateUser, ADMIN_USER_PASSWORD_AUTH),
 * so self sign-up is off and the client needs no secret (the browser refreshes tokens itself).
 *
 * The Lite feature plan: the product uses the admin API (create, password, groups, enable and disable, attributes,
 * ADMIN_USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH), groups, the password policy and token revocation, all in Lite. It
 * uses none of what Essentials adds (managed login, passwordless and passkey sign-in, access-token customization,
 * password history, e-mail MFA, refresh-token rotation) nor Plus's threat protection (docs/accounts.md, "The user pool").
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.LITE,
      mfa: cognito.Mfa.OFF,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const poolResource = this.userPool.node.defaultChild as cognito.CfnUserPool;
    acknowledge(
      poolResource,
      'The product spec has no second sign-in factor: every sign-in is e-mail + password (or Discord) through the API Lambda, which has no MFA challenge step.',
      'AwsSolutions-COG2',
    );
    acknowledge(
      poolResource,
      'Threat protection (Plus plan) scores sign-ins on device and network context that the server-side ADMIN_USER_PASSWORD_AUTH flow does not pass on, so its per-user cost would buy little; Cognito still throttles failed sign-ins.',
      'AwsSolutions-COG8',
    );

    // Lower precedence wins when a user is in several groups: the order of ROLES is the order of privilege.
    ROLES.forEach((role, precedence) => {
      this.userPool.addGroup(role, { groupName: role, precedence, description: `FitGauge ${role} role` });
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      authFlows: { adminUserPassword: true }, // CDK adds ALLOW_REFRESH_TOKEN_AUTH with any flow
      generateSecret: false,
      disableOAuth: true, // no hosted UI: every flow goes through the API
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: SESSION_TOKEN_VALIDITY,
      idTokenValidity: SESSION_TOKEN_VALIDITY,
      refreshTokenValidity: Duration.days(30),
    });
  }
}
