import { AUTH_ERRORS } from '@core/auth/validation';
import type { Caller } from '../lib/appsync';
import { NotFoundError, UnauthorizedError } from '../lib/errors';
import type { AuthResult } from '../lib/gql/schema-types';
import type { AuthDeps } from './deps';
import { assertEnabled } from './login';
import { authResult, issuedAfterSignOut, tokenClaims } from './session';

/** Fresh access and id tokens from a refresh token that is neither revoked nor expired, for an enabled account. */
export async function refreshSession({ refreshToken }: { refreshToken: string }, deps: AuthDeps): Promise<AuthResult> {
  const tokens = await issuedAfterSignOut(() => deps.idp.refresh(refreshToken), deps);
  if (!tokens) throw new UnauthorizedError(AUTH_ERRORS.sessionExpired);
  const userId = tokenClaims(tokens.idToken).sub;
  const user = typeof userId === 'string' ? await deps.users.get(userId) : null;
  if (!user) throw new NotFoundError(AUTH_ERRORS.userNotFound);
  try {
    await assertEnabled(user, deps);
  } catch (error) {
    await deps.idp.revoke(refreshToken); // a disabled account's sessions end here
    throw error;
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
