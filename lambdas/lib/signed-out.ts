import type { SignOutStore } from './stores/sign-out-store';

/**
 * What a token issued before its account's last sign-out gets. It contains "jwt expired" because that is
 * what the web app (spec section 8) answers with a token renewal: the signed-out device has no refresh
 * token left and ends its session, the user's other devices renew theirs and go on.
 */
export const SIGNED_OUT_MESSAGE = 'Token has been revoked by a sign-out (jwt expired).';

/**
 * True when a verified Cognito token was issued before its account's last sign-out. Whole seconds (`iat`)
 * are compared, so a sign-in in the same second as the sign-out stays valid (docs/accounts.md, Sessions).
 * One GetItem per call.
 */
export async function isSignedOut(claims: Record<string, unknown>, store: SignOutStore): Promise<boolean> {
  if (typeof claims.sub !== 'string') return false;
  const signedOutAt = await store.signedOutAt(claims.sub);
  return signedOutAt !== null && !(typeof claims.iat === 'number' && claims.iat >= signedOutAt);
}
