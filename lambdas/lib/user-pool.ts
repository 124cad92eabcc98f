import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@core/roles';
import { config } from './config';

/**
 * The Cognito admin calls of the admin user actions (docs/accounts.md, "Admin actions"). Every one is idempotent, so an
 * action that failed half-way is finished by calling it again.
 */
export interface UserPoolAdmin {
  /** The user's groups (his roles); none for a user the pool does not know. */
  groupsOf(userId: string): Promise<string[]>;
  /** Puts the user in `to`'s group and out of `from`'s (his other groups stay). */
  moveRole(userId: string, from: Role | null, to: Role): Promise<void>;
  setEnabled(userId: string, enabled: boolean): Promise<void>;
}

let client: CognitoIdentityProviderClient | undefined;
/** Endpoint from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER in local mode (read by the SDK itself). */
const cognito = () => (client ??= new CognitoIdentityProviderClient({}));

export const cognitoUserPoolAdmin: UserPoolAdmin = {
  async groupsOf(userId) {
    try {
      const { Groups } = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: config.userPoolId, Username: userId, Limit: 60 }));
      return (Groups ?? []).flatMap((group) => (group.GroupName ? [group.GroupName] : []));
    } catch (error) {
      if ((error as Error).name === 'UserNotFoundException') return [];
      throw error;
    }
  },
  async moveRole(userId, from, to) {
    const user = { UserPoolId: config.userPoolId, Username: userId };
    // Added before removed: a failure in between leaves the user with both roles' groups, never with neither.
    await cognito().send(new AdminAddUserToGroupCommand({ ...user, GroupName: to }));
    if (from && from !== to) await cognito().send(new AdminRemoveUserFromGroupCommand({ ...user, GroupName: from }));
  },
  async setEnabled(userId, enabled) {
    const user = { UserPoolId: config.userPoolId, Username: userId };
    await cognito().send(enabled ? new AdminEnableUserCommand(user) : new AdminDisableUserCommand(user));
  },
};

/**
 * Sets Cognito's `email_verified` of the user (once the account proved its mailbox; docs/accounts.md). The e-mail is
 * sent with it, unchanged, as the flag is set for that address (cognito-local requires it). Idempotent.
 */
export async function markCognitoEmailVerified(userId: string, email: string): Promise<void> {
  await cognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: config.userPoolId,
      Username: userId,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}
