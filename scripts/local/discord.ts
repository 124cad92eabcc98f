/**
 * A local stand-in for the parts of Discord's OAuth2 that the product uses, so "Sign in with Discord"
 * works offline (npm start and the integration tests use the same one). Mounted on the stack's http server:
 *   GET  <base>/oauth2/authorize   a page to pick a demo Discord identity (Discord's consent screen)
 *   GET  <base>/oauth2/authorize/choose   issues a one-time code and redirects to redirect_uri?code=&state=
 *   POST <base>/api/oauth2/token   authorization_code grant -> { access_token, token_type, expires_in, scope }
 *   GET  <base>/api/users/@me      the identity behind a Bearer token
 * The auth Lambda talks to <base>/api exactly as it talks to https://discord.com/api in AWS.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const DISCORD_BASE_PATH = '/local/discord';
export const LOCAL_DISCORD_CLIENT_ID = '1100000000000000000';
export const LOCAL_DISCORD_CLIENT_SECRET = 'local-discord-client-secret';

interface DiscordStandInIdentity {
  id: string;
  username: string;
  global_name: string;
  email: string;
  verified: boolean;
}

/** The demo identities on the authorize page (docs/accounts.md says what each one shows). */
export const demoDiscordIdentities: readonly DiscordStandInIdentity[] = [
  { id: '100000000000000001', username: 'discord_gamer', global_name: 'Discord Demo Gamer', email: 'discord.gamer@fitgauge.test', verified: true },
  // Same e-mail as the password account gamer2: Discord sign-in is refused for it ("No discord ID found").
  { id: '100000000000000002', username: 'ben_on_discord', global_name: 'Ben on Discord', email: 'gamer2@fitgauge.test', verified: true },
  {
    id: '100000000000000003',
    username: 'unverified_player',
    global_name: 'Unverified Player',
    email: 'unverified.player@fitgauge.test',
    verified: false,
  },
];

interface DiscordStandIn {
  /** Serves requests under the base path; false for any other path. */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
}

interface Grant {
  identity: DiscordStandInIdentity;
  redirectUri: string;
  scope: string;
  expiresAt: number;
}

const CODE_LIFETIME_MS = 10 * 60 * 1000;
const TOKEN_LIFETIME_S = 7 * 24 * 3600;
const MAX_BODY = 16 * 1024;

interface DiscordStandInOptions {
  clientId: string;
  clientSecret: string;
  /** The app's own return addresses, as registered with a Discord application; any other is refused. */
  redirectUris: readonly string[];
  basePath?: string;
}

export function createDiscordStandIn(options: DiscordStandInOptions): DiscordStandIn {
  const base = options.basePath ?? DISCORD_BASE_PATH;
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();

  const route = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => {
    if (req.method === 'GET' && path === '/oauth2/authorize') return authorizePage(res, query);
    if (req.method === 'GET' && path === '/oauth2/authorize/choose') return choose(res, query);
    if (req.method === 'POST' && path === '/api/oauth2/token') return token(res, await readForm(req));
    if (req.method === 'GET' && path === '/api/users/@me') return currentUser(req, res);
    return json(res, 404, { message: '404: Not Found', code: 0 });
  };

  /** The authorize request must name this client, ask for a code and say where to return. */
  const authorizeProblem = (query: URLSearchParams): string | null => {
    if (query.get('client_id') !== options.clientId) return 'Unknown client_id.';
    if (query.get('response_type') !== 'code') return 'response_type must be code.';
    // Exact match, as Discord does: a code must never be sent to an address the app did not register.
    if (!options.redirectUris.includes(query.get('redirect_uri') ?? '')) return 'Invalid OAuth2 redirect_uri';
    return null;
  };

  const authorizePage = (res: ServerResponse, query: URLSearchParams) => {
    const problem = authorizeProblem(query);
    if (problem) return html(res, 400, page('Discord sign-in failed', `<p role="alert">${escape(problem)}</p>`));
    const pass = (extra: Record<string, string>) => {
      const params = new URLSearchParams(query);
      for (const [key, value] of Object.entries(extra)) params.set(key, value);
      return `${base}/oauth2/authorize/choose?${params}`;
    };
    const hidden = [...query].map(([key, value]) => `<input type="hidden" name="${escape(key)}" value="${escape(value)}">`).join('');
    const body = `
      <p>FitGauge wants to know who you are on Discord (local stand-in of Discord; nothing leaves this machine).</p>
      <h2>Choose a demo Discord identity</h2>
      <ul class="identities">
        ${demoDiscordIdentities
          .map(
            (identity) => `<li><a class="button" href="${escape(pass({ identity: identity.id }))}">
              <strong>${escape(identity.global_name)}</strong>
              <span>${escape(identity.email)}${identity.verified ? '' : ' (e-mail not verified)'}</span></a></li>`,
          )
          .join('')}
      </ul>
      <h2>Or another identity</h2>
      <form method="get" action="${base}/oauth2/authorize/choose">
        ${hidden}
        <label for="username">Discord name</label><input id="username" name="username" required>
        <label for="email">E-mail</label><input id="email" name="email" type="email" required>
        <label class="check"><input name="verified" type="checkbox" value="true" checked> E-mail verified</label>
        <button type="submit">Authorize</button>
      </form>
      <p><a href="${escape(pass({ error: 'access_denied' }))}">Cancel</a></p>`;
    return html(res, 200, page('Sign in with Discord', body));
  };

  const choose = (res: ServerResponse, query: URLSearchParams) => {
    const problem = authorizeProblem(query);
    if (problem) return html(res, 400, page('Discord sign-in failed', `<p role="alert">${escape(problem)}</p>`));
    const target = new URL(query.get('redirect_uri')!);
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    if (query.get('error') === 'access_denied') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
      return redirect(res, target);
    }
    const identity = identityFrom(query);
    if (!identity) return html(res, 400, page('Discord sign-in failed', '<p role="alert">Choose an identity.</p>'));
    const code = randomBytes(15).toString('base64url');
    codes.set(code, {
      identity,
      redirectUri: query.get('redirect_uri')!,
      scope: query.get('scope') ?? 'identify',
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
    target.searchParams.set('code', code);
    return redirect(res, target);
  };

  const token = (res: ServerResponse, form: URLSearchParams) => {
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
      return json(res, 401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code); // one use only, as on Discord
    if (!grant || grant.expiresAt < Date.now() || grant.redirectUri !== form.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, { ...grant, expiresAt: Date.now() + TOKEN_LIFETIME_S * 1000 });
    return json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_S,
      refresh_token: randomBytes(24).toString('base64url'),
      scope: grant.scope,
    });
  };

  const currentUser = (req: IncomingMessage, res: ServerResponse) => {
    const [scheme, accessToken] = (req.headers.authorization ?? '').split(' ');
    const grant = scheme === 'Bearer' ? tokens.get(accessToken ?? '') : undefined;
    if (!grant || grant.expiresAt < Date.now()) return json(res, 401, { message: '401: Unauthorized', code: 0 });
    const { identity, scope } = grant;
    const withEmail = scope.split(/[ +]/).includes('email');
    return json(res, 200, {
      id: identity.id,
      username: identity.username,
      global_name: identity.global_name,
      discriminator: '0',
      avatar: null,
      ...(withEmail ? { email: identity.email, verified: identity.verified } : {}),
    });
  };

  return {
    handleRequest(req, res) {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return false;
      route(req, res, url.pathname.slice(base.length), url.searchParams).catch((error: unknown) => {
        if (!res.headersSent) json(res, 400, { message: error instanceof Error ? error.message : String(error), code: 0 });
      });
      return true;
    },
  };
}

/** A demo identity by id, or the one typed into the form (its id derived from the e-mail, so it stays the same). */
function identityFrom(query: URLSearchParams): DiscordStandInIdentity | null {
  const chosen = query.get('identity');
  if (chosen) return demoDiscordIdentities.find((identity) => identity.id === chosen) ?? null;
  const email = query.get('email')?.trim().toLowerCase();
  const username = query.get('username')?.trim();
  if (!email || !username) return null;
  const id = query.get('id') ?? BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 15)}`).toString();
  return { id, username, global_name: username, email, verified: query.get('verified') === 'true' };
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) {
        reject(new Error('Request body too large'));
        req.destroy();
      }
    });
    req.on('end', () => {
      const type = req.headers['content-type'] ?? '';
      try {
        resolve(type.includes('application/json') ? new URLSearchParams(JSON.parse(body || '{}')) : new URLSearchParams(body));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

function html(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

function redirect(res: ServerResponse, target: URL) {
  res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
  res.end();
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Discord (local)</title>
<style>
  :root { color-scheme: dark; }
  body { font-family: system-ui, sans-serif; background: #1e1f22; color: #f2f3f5; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #313338; padding: 2rem; border-radius: 8px; width: min(28rem, 92vw); }
  h1 { font-size: 1.4rem; margin-top: 0; } h2 { font-size: 1rem; margin-top: 1.5rem; color: #b5bac1; }
  ul { list-style: none; padding: 0; display: grid; gap: .5rem; }
  a { color: #8ea1e1; }
  .button, button { display: grid; gap: .2rem; background: #5865f2; color: #fff; text-decoration: none; padding: .75rem 1rem; border-radius: 4px; border: 0; font: inherit; cursor: pointer; }
  .button span { font-size: .85rem; opacity: .85; }
  .button:focus-visible, button:focus-visible, input:focus-visible { outline: 2px solid #fff; outline-offset: 2px; }
  form { display: grid; gap: .4rem; }
  input { padding: .5rem; border-radius: 4px; border: 1px solid #4e5058; background: #1e1f22; color: inherit; font: inherit; }
  .check { display: flex; gap: .5rem; align-items: center; margin: .4rem 0; }
</style></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}
