import { type UserRecord, userView } from '../lib/stores/user-store';
import type { CognitoTokens } from './identity-provider';

/** What loginUser, signUpUser, refreshToken and logInUserWithDiscord return (schema type AuthResult). */
export interface AuthResult {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  id: string;
  groups: string[];
  user: UserRecord;
}

/**
 * The claims of a token that came straight from Cognito over TLS (so it needs no signature check here).
 * Used for `exp`, `sub` and `cognito:groups`, which both AWS and cognito-local put in the tokens.
 */
export function tokenClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function authResult(tokens: CognitoTokens, user: UserRecord, now: Date): AuthResult {
  const access = tokenClaims(tokens.accessToken);
  const id = tokenClaims(tokens.idToken);
  const groups = id['cognito:groups'];
  // Cognito's ExpiresIn is missing from cognito-local's answers; the token's own expiry is right everywhere.
  const expiresIn = Math.max(0, Number(access.exp) - Math.floor(now.getTime() / 1000));
  return {
    ...tokens,
    expiresIn,
    id: user.id,
    groups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [],
    user: userView(user),
  };
}
