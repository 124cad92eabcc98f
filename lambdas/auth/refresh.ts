import { AUTH_ERRORS, logoutArgsSchema, refreshArgsSchema } from '@core/validation/auth';
import { NotFoundError, UnauthorizedError } from '../lib/errors';
import { parseInput } from '../lib/validation';
import type { AuthDeps } from './deps';
import { assertEnabled } from './login';
import { authResult, tokenClaims, type AuthResult } from './session';

/** Fresh access and id tokens from a refresh token that is neither revoked nor expired, for an enabled account. */
export async function refreshSession(input: { refreshToken: unknown }, deps: AuthDeps): Promise<AuthResult> {
  const { refreshToken } = parseInput(refreshArgsSchema, input);
  const tokens = await deps.idp.refresh(refreshToken);
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

/** Sign-out: the refresh token stops working (Cognito RevokeToken). */
export async function logoutUser(input: { refreshToken: unknown }, deps: AuthDeps): Promise<boolean> {
  const { refreshToken } = parseInput(logoutArgsSchema, input);
  await deps.idp.revoke(refreshToken);
  return true;
}
