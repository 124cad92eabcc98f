/**
 * Sign-in with Discord (OAuth2 authorization code): the button leaves for Discord's authorize page
 * (a local stand-in in local mode) and Discord sends the browser back to /auth/login?code=&state=.
 * The state ties the return to this tab's request (no sign-in forced on someone from another site),
 * and carries the page to return to after sign-in.
 */
import { paths } from '@/config/paths';
import type { RuntimeConfig } from '@/config/runtime-config';
import { safeRedirect } from './routing';

const PENDING_KEY = 'fg.discord.pending';
const SCOPE = 'identify email';

/** What the tab remembers while the browser is at Discord (as stored, so not trusted blindly). */
interface PendingRequest {
  state?: unknown;
  redirectTo?: unknown;
}

/** Where Discord sends the browser back to; the server passes the same address when it trades the code. */
export const discordRedirectUri = (origin: string) => `${origin}${paths.auth.login}`;

function discordAuthorizeUrl(config: Pick<RuntimeConfig, 'discordAuthorizeUrl' | 'discordClientId'>, origin: string, state: string) {
  if (!config.discordAuthorizeUrl || !config.discordClientId) return null;
  const url = new URL(config.discordAuthorizeUrl);
  url.search = new URLSearchParams({
    client_id: config.discordClientId,
    redirect_uri: discordRedirectUri(origin),
    response_type: 'code',
    scope: SCOPE,
    state,
  }).toString();
  return url.toString();
}

/** Remembers this tab's request (state and the page to return to) and answers the address to leave for. */
export function beginDiscordSignIn(config: RuntimeConfig, redirectTo: string | null): string | null {
  const state = crypto.randomUUID();
  const url = discordAuthorizeUrl(config, window.location.origin, state);
  if (url) sessionStorage.setItem(PENDING_KEY, JSON.stringify({ state, redirectTo }));
  return url;
}

/**
 * Checks a return from Discord against this tab's request (each request is answered once).
 * Answers the page to return to after sign-in, or 'mismatch' when the return is not this tab's.
 */
export function finishDiscordReturn(state: string | null): { redirectTo: string | null } | 'mismatch' {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  let pending: PendingRequest | null = null;
  try {
    pending = raw ? (JSON.parse(raw) as PendingRequest) : null;
  } catch {
    // not ours: treated as no request
  }
  if (!pending || !state || pending.state !== state) return 'mismatch';
  return { redirectTo: safeRedirect(typeof pending.redirectTo === 'string' ? pending.redirectTo : null) };
}
