import type { AuthResult } from '../lib/gql/schema-types';
import type { SignOutStore } from '../lib/stores/sign-out-store';
import { type UserRecord, userView } from '../lib/stores/user-store';
import type { CognitoTokens } from './identity-provider';

/**
 * The claims of a token that came straight from Cognito over TLS (so it needs no signature check here).
 * Used for `exp`, `sub` and `cognito:groups`, which both AWS and cognito-local put in the tokens.
 */
export function tokenClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Tries of `issuedAfterSignOut`: a sign-out in the second of each try is the only thing that makes one more. */
const ISSUE_TRIES = 3;

/**
 * Tokens that a sign-out (or disable, or role change) recorded so far does not revoke. A sign-out refuses every token
 * whose `iat` second is not after its own (lambdas/lib/signed-out.ts): tokens Cognito issued in that second are asked
 * for again once it has passed, so a sign-in right after a sign-out works while one that raced it never gets a token
 * that is already refused. Null when Cognito refuses (`issue` answered null).
 */
export async function issuedAfterSignOut<T extends { accessToken: string; idToken: string }>(
  issue: () => Promise<T | null>,
  deps: { signOuts: Pick<SignOutStore, 'signedOutAt'>; now: () => Date; sleep: (ms: number) => Promise<void> },
): Promise<T | null> {
  for (let attempt = 1; ; attempt += 1) {
    const tokens = await issue();
    if (!tokens) return null;
    const access = tokenClaims(tokens.accessToken);
    const iat = Math.min(Number(access.iat), Number(tokenClaims(tokens.idToken).iat));
    const signedOutAt = typeof access.sub === 'string' ? await deps.signOuts.signedOutAt(access.sub) : null;
    if (signedOutAt === null || iat > signedOutAt) return tokens;
    if (attempt >= ISSUE_TRIES) throw new Error('Tokens kept being revoked as they were issued.');
    await deps.sleep(Math.max(0, (signedOutAt + 1) * 1000 - deps.now().getTime()) + 20);
  }
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
