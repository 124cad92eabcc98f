import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@core/roles';
import { config } from '../lib/config';
import { markCognitoEmailVerified } from '../lib/user-pool';

export interface CognitoTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

/** Cognito already has a user with this e-mail. */
export class UserExistsError extends Error {
  constructor() {
    super('A Cognito user with this e-mail exists');
    this.name = 'UserExistsError';
  }
}

/** Cognito refused a password (its policy), whatever the app's own rules said. */
export class PasswordRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`Cognito refused the password: ${reason}`);
    this.name = 'PasswordRefusedError';
  }
}

/**
 * The user pool, as the auth rules need it. Users are addressed by their `sub` (= FitGauge user id),
 * which AWS and cognito-local both accept as the username.
 */
export interface IdentityProvider {
  /**
   * Creates a confirmed user with no welcome message; returns the sub. `email_verified` says whether the account
   * proved it owns the e-mail (docs/accounts.md, Proving an e-mail): sign-up sends no confirmation mail.
   */
  createUser(email: string, fullName: string, emailVerified: boolean): Promise<string>;
  /** Throws PasswordRefusedError when the pool's policy refuses the password. */
  setPassword(userId: string, password: string): Promise<void>;
  /** Sets `email_verified` for the account's `email` (it proved that mailbox, e.g. with a reset code); idempotent. */
  markEmailVerified(userId: string, email: string): Promise<void>;
  addToGroup(userId: string, role: Role): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  /** False for a disabled or missing user. */
  isEnabled(userId: string): Promise<boolean>;
  /** Password sign-in; null when the password is wrong. */
  signIn(userId: string, password: string): Promise<CognitoTokens | null>;
  /** New access and id tokens; null when the refresh token is revoked, expired or not a token at all. */
  refresh(refreshToken: string): Promise<Omit<CognitoTokens, 'refreshToken'> | null>;
  /** Revokes a refresh token (and the tokens issued from it); an unknown token is already as good as revoked. */
  revoke(refreshToken: string): Promise<void>;
}

const nameOf = (error: unknown) => (error as Error | undefined)?.name;

let client: CognitoIdentityProviderClient | undefined;
/** Endpoint from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER in local mode (read by the SDK itself). */
const cognito = () => (client ??= new CognitoIdentityProviderClient({}));

export const cognitoIdentityProvider: IdentityProvider = {
  async createUser(email, fullName, emailVerified) {
    try {
      const { User } = await cognito().send(
        new AdminCreateUserCommand({
          UserPoolId: config.userPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: String(emailVerified) },
            { Name: 'name', Value: fullName },
          ],
        }),
      );
      const sub = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
      if (!sub) throw new Error('Cognito returned a user without a sub');
      return sub;
    } catch (error) {
      if (nameOf(error) === 'UsernameExistsException' || nameOf(error) === 'AliasExistsException') throw new UserExistsError();
      throw error;
    }
  },
  // The e-mail goes with the flag (unchanged): cognito-local refuses `email_verified` alone.
  markEmailVerified: markCognitoEmailVerified,
  async setPassword(userId, password) {
    try {
      await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: config.userPoolId, Username: userId, Password: password, Permanent: true }));
    } catch (error) {
      if (nameOf(error) === 'InvalidPasswordException') throw new PasswordRefusedError((error as Error).message);
      throw error;
    }
  },
  async addToGroup(userId, role) {
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: config.userPoolId, Username: userId, GroupName: role }));
  },
  async deleteUser(userId) {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: userId }));
  },
  async isEnabled(userId) {
    try {
      const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: userId }));
      return user.Enabled !== false;
    } catch (error) {
      if (nameOf(error) === 'UserNotFoundException') return false;
      throw error;
    }
  },
  async signIn(userId, password) {
    try {
      const { AuthenticationResult: result } = await cognito().send(
        new AdminInitiateAuthCommand({
          UserPoolId: config.userPoolId,
          ClientId: config.userPoolClientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: userId, PASSWORD: password },
        }),
      );
      if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) throw new Error('Cognito asked for a sign-in challenge');
      return { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: result.RefreshToken };
    } catch (error) {
      // AWS answers a wrong password with NotAuthorizedException, cognito-local with InvalidPasswordException.
      if (nameOf(error) === 'NotAuthorizedException' || nameOf(error) === 'InvalidPasswordException') return null;
      throw error;
    }
  },
  async refresh(refreshToken) {
    try {
      const { AuthenticationResult: result } = await cognito().send(
        new AdminInitiateAuthCommand({
          UserPoolId: config.userPoolId,
          ClientId: config.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      );
      if (!result?.AccessToken || !result.IdToken) return null;
      return { accessToken: result.AccessToken, idToken: result.IdToken };
    } catch (error) {
      if (nameOf(error) === 'NotAuthorizedException') return null;
      throw error;
    }
  },
  async revoke(refreshToken) {
    try {
      await cognito().send(new RevokeTokenCommand({ ClientId: config.userPoolClientId, Token: refreshToken }));
    } catch (error) {
      // AWS: a token that is not one of this client's refresh tokens; cognito-local: an unknown token.
      if (nameOf(error) !== 'NotAuthorizedException' && nameOf(error) !== 'UnsupportedTokenTypeException') throw error;
    }
  },
};
