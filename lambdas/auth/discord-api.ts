import { secret } from '../lib/secrets';

/** The Discord user, as GET /users/@me answers with the `identify email` scopes. */
export interface DiscordIdentity {
  id: string;
  username: string;
  global_name?: string | null;
  email?: string | null;
  verified?: boolean;
}

export interface DiscordApi {
  /** Exchanges an authorization code for a token and reads who signed in. Throws DiscordApiError. */
  identify(code: string, redirectUri: string): Promise<DiscordIdentity>;
}

class DiscordApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiscordApiError';
  }
}

/** Discord's API base: https://discord.com/api in AWS, the local stand-in's /local/discord/api locally. */
const apiUrl = () => (process.env.DISCORD_API_URL ?? 'https://discord.com/api').replace(/\/+$/, '');

function clientId(): string {
  const id = process.env.DISCORD_CLIENT_ID;
  if (!id) throw new Error('Missing environment variable DISCORD_CLIENT_ID');
  return id;
}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl()}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new DiscordApiError(`Discord ${path} did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw new DiscordApiError(`Discord ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export const discordApi: DiscordApi = {
  async identify(code, redirectUri) {
    const token = await call<{ access_token?: string; token_type?: string }>('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: clientId(),
        client_secret: await secret('DISCORD_CLIENT_SECRET'),
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      }),
    });
    if (!token.access_token) throw new DiscordApiError('Discord gave no access token');
    const identity = await call<DiscordIdentity>('/users/@me', {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    if (typeof identity.id !== 'string' || !identity.id) throw new DiscordApiError('Discord gave no user id');
    return identity;
  },
};
