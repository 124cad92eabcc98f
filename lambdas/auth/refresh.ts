import { AUTH_ERRORS } from '@core/auth/validation';
import type { Caller } from '../lib/appsync';
import { NotFoundError, UnauthorizedError } from '../lib/errors';
import type { AuthResult } from '../lib/gql/schema-types';
import type { AuthDeps } from './deps';
import { authResult, issuedAfterSignOut, tokenClaims } from './session';

/**
 * Fresh access and id tokens from a refresh token that is neither revoked nor expired, for an enabled account. One
 * Cognito call (`AdminInitiateAuth` REFRESH_TOKEN_AUTH): the account, its groups and its enabled state come from the
 * tokens Cognito answered with and from the profile, never from `AdminGetUser` (docs/accounts.md, Sessions).
 */
export async function refreshSession({ refreshToken }: { refreshToken: string }, deps: AuthDeps): Promise<AuthResult> {
  const tokens = await issuedAfterSignOut(() => deps.idp.refresh(refreshToken), deps);
  if (!tokens) throw new UnauthorizedError(AUTH_ERRORS.sessionExpired);
  const userId = tokenClaims(tokens.idToken).sub;
  // Read after Cognito answered: a disable writes the profile before its sign-out time, so a profile still enabled here
  // means any disable's sign-out refuses these tokens (docs/accounts.md, Sessions).
  const user = typeof userId === 'string' ? await deps.users.get(userId) : null;
  if (!user) throw new NotFoundError(AUTH_ERRORS.userNotFound);
  // The profile's flag is what an admin sets first. Cognito itself refuses the refresh of a user it has disabled (on AWS;
  // cognito-local does not), which answers as an expired session above.
  if (user.enabled === false) {
    await deps.idp.revoke(refreshToken); // a disabled account's sessions end here
    throw new UnauthorizedError(AUTH_ERRORS.disabled);
  }
  // Cognito keeps the refresh token unless rotation is on; the caller goes on using the one it has.
  return authResult({ ...tokens, refreshToken }, user, deps.now());
}

/**
 * Sign-out: the refresh token stops working (Cognito RevokeToken) and every access and id token the account
 * was issued before now is refused (docs/accounts.md, Sessions). The account is the refresh token's own, or
 * the signed-in caller's when the refresh token no longer works.
 */
export async function logoutUser({ refreshToken }: { refreshToken: string }, caller: Caller | null, deps: AuthDeps): Promise<boolean> {
  const userId = (await refreshTokenOwner(refreshToken, deps)) ?? caller?.sub;
  if (userId) await deps.signOuts.signOut(userId, deps.now());
  await deps.idp.revoke(refreshToken);
  return true;
}

/** Cognito's refresh tokens are opaque: a refresh is the one way to learn whose one is. */
async function refreshTokenOwner(refreshToken: string, deps: AuthDeps): Promise<string | null> {
  const tokens = await deps.idp.refresh(refreshToken);
  const sub = tokens ? tokenClaims(tokens.idToken).sub : null;
  return typeof sub === 'string' ? sub : null;
}
