import type { SignOutStore } from './stores/sign-out-store';

/**
 * What a token issued before its account's last sign-out gets. It contains "jwt expired" because that is what the web
 * app answers with a token renewal (docs/accounts.md, "In the web app"): the signed-out device has no refresh token
 * left and ends its session, the user's other devices renew theirs and go on.
 */
export const SIGNED_OUT_MESSAGE = 'Token has been revoked by a sign-out (jwt expired).';

/**
 * True when a verified Cognito token was issued before or in the second of its account's last sign-out (or
 * disable, or role change). Cognito's `iat` has whole seconds, so a token of the sign-out's own second cannot be
 * told apart from one issued just before it: it is refused too. Sign-in and refresh (lambdas/auth/session.ts,
 * `issuedAfterSignOut`) never hand out such a token: they ask Cognito again once that second has passed
 * (docs/accounts.md, Sessions). One GetItem per call.
 */
export async function isSignedOut(claims: Record<string, unknown>, store: SignOutStore): Promise<boolean> {
  if (typeof claims.sub !== 'string') return false;
  return issuedBySignOut(claims, await store.signedOutAt(claims.sub));
}

/** isSignedOut on the account's sign-out time as read (null: none to honour). */
export function issuedBySignOut(claims: Record<string, unknown>, signedOutAt: number | null): boolean {
  return signedOutAt !== null && !(typeof claims.iat === 'number' && claims.iat > signedOutAt);
}
