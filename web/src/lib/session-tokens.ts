import type { AuthTokens, TokenProvider } from 'aws-amplify/auth';

/** The signed-in user's Cognito tokens as the raw JWT strings Cognito issued. */
export interface SessionTokens {
  accessToken: string;
  idToken: string;
}

/**
 * Where the API client gets the user's tokens. The accounts feature installs its session here
 * (tokens kept in local storage, refreshed ahead of expiry); until one is installed, and whenever it
 * answers null, the user is signed out and only API-key operations work.
 */
export interface SessionTokenSource {
  /** Current tokens, or null when signed out. `forceRefresh` asks for new tokens even if these look valid. */
  getTokens(options: { forceRefresh: boolean }): Promise<SessionTokens | null>;
}

const signedOut: SessionTokenSource = { getTokens: async () => null };
let source: SessionTokenSource = signedOut;

/** Installs the session (sign-in, restore) or removes it (sign-out, pass null). */
export function setSessionTokenSource(next: SessionTokenSource | null): void {
  source = next ?? signedOut;
}

/** Renews the session now (the server refused its token); true when there are tokens to try again with. */
export async function renewSessionTokens(): Promise<boolean> {
  return (await source.getTokens({ forceRefresh: true })) !== null;
}

/** Amplify's token-provider hook; Amplify calls it before every user-pool request and subscription. */
export const sessionTokenProvider: TokenProvider = {
  async getTokens(options?: { forceRefresh?: boolean }): Promise<AuthTokens | null> {
    const tokens = await source.getTokens({ forceRefresh: options?.forceRefresh ?? false });
    if (!tokens) return null;
    // Amplify is loaded by the time it asks; a static import would put its auth code on the first page.
    const { decodeJWT } = await import('./decode-jwt');
    return { accessToken: decodeJWT(tokens.accessToken), idToken: decodeJWT(tokens.idToken) };
  },
};
