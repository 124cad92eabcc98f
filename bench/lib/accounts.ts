import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@core/roles';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';

const PASSWORD = 'Bench-Passw0rd!';

export interface BenchAccount {
  id: string;
  email: string;
  /** A real id token of the user pool, as the web app sends it. */
  token: string;
}

/**
 * A real account of the local user pool (cognito-local): created by an admin, put in its role's group, its user
 * record stored as sign-up stores it, and signed in with its password for a real id token.
 */
export async function createAccount(
  cognito: CognitoIdentityProviderClient,
  pool: { userPoolId: string; clientId: string },
  email: string,
  role: Role,
): Promise<BenchAccount> {
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: pool.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const id = created.User!.Attributes!.find((attribute) => attribute.Name === 'sub')!.Value!;
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: id, Password: PASSWORD, Permanent: true }));
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: id, GroupName: role }));
  const at = new Date().toISOString();
  await dynamoUserStore.create({
    id,
    email,
    fullName: email.split('@')[0]!,
    username: null,
    avatar: null,
    role,
    enabled: true,
    selectedTeamId: null,
    createdAt: at,
    updatedAt: at,
  });
  const auth = await cognito.send(
    new AdminInitiateAuthCommand({
      UserPoolId: pool.userPoolId,
      ClientId: pool.clientId,
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return { id, email, token: auth.AuthenticationResult!.IdToken! };
}
