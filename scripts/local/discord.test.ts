import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { discordApi } from '../../lambdas/auth/discord-api';
import { createDiscordStandIn, demoDiscordIdentities, DISCORD_BASE_PATH } from './discord';

const CLIENT_ID = 'test-client';
const REDIRECT = 'http://localhost:5173/auth/login';
let server: Server;
let origin: string;

beforeAll(async () => {
  const standIn = createDiscordStandIn({ clientId: CLIENT_ID, clientSecret: 'test-secret', redirectUris: [REDIRECT] });
  server = createServer((req, res) => {
    if (!standIn.handleRequest(req, res)) res.writeHead(404).end('not the stand-in');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, {
    DISCORD_API_URL: `${origin}${DISCORD_BASE_PATH}/api`,
    DISCORD_CLIENT_ID: CLIENT_ID,
    DISCORD_CLIENT_SECRET: 'test-secret',
  });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const authorizeUrl = (extra = '') =>
  `${origin}${DISCORD_BASE_PATH}/oauth2/authorize?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=identify%20email&state=xyz${extra}`;

/** Opens the authorize page, follows the link of the chosen identity and returns where Discord sends the browser back. */
async function chooseOnPage(label: string): Promise<URL> {
  const page = await (await fetch(authorizeUrl())).text();
  const link = new RegExp(`href="([^"]+)"[^>]*>\\s*<strong>${label}</strong>`).exec(page)?.[1];
  if (!link) throw new Error(`no link for ${label}`);
  const answer = await fetch(new URL(link.replace(/&#38;/g, '&'), origin), { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

describe('local Discord stand-in', () => {
  it('lists the demo identities and completes the code exchange for the one chosen', async () => {
    const back = await chooseOnPage('Discord Demo Gamer');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code')!;
    await expect(discordApi.identify(code, REDIRECT)).resolves.toMatchObject(demoDiscordIdentities[0]);
    // A code works once.
    await expect(discordApi.identify(code, REDIRECT)).rejects.toThrow(/invalid_grant/);
  });

  it('refuses a code redeemed for another redirect_uri, a wrong secret and a bad token', async () => {
    const code = (await chooseOnPage('Discord Demo Gamer')).searchParams.get('code')!;
    await expect(discordApi.identify(code, 'http://localhost:5173/elsewhere')).rejects.toThrow(/invalid_grant/);
    const wrongSecret = await fetch(`${origin}${DISCORD_BASE_PATH}/api/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: 'nope', grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT }),
    });
    expect(wrongSecret.status).toBe(401);
    const me = await fetch(`${origin}${DISCORD_BASE_PATH}/api/users/@me`, { headers: { authorization: 'Bearer nope' } });
    expect(me.status).toBe(401);
  });

  it('takes a typed identity and sends Cancel back as access_denied', async () => {
    const typed = await fetch(
      `${origin}${DISCORD_BASE_PATH}/oauth2/authorize/choose?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=identify+email&username=Zed&email=Zed%40example.test&verified=true`,
      { redirect: 'manual' },
    );
    const code = new URL(typed.headers.get('location')!).searchParams.get('code')!;
    await expect(discordApi.identify(code, REDIRECT)).resolves.toMatchObject({ username: 'Zed', email: 'zed@example.test', verified: true });

    const cancelled = await fetch(`${authorizeUrl('&error=access_denied').replace('/authorize?', '/authorize/choose?')}`, { redirect: 'manual' });
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });

  it("refuses to send a code anywhere but the app's own redirect_uri", async () => {
    for (const elsewhere of ['https://attacker.example/auth/login', 'http://localhost:5173/elsewhere', 'http://localhost:5173/auth/login/../x']) {
      const url = authorizeUrl().replace(encodeURIComponent(REDIRECT), encodeURIComponent(elsewhere));
      const page = await fetch(url);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('Invalid OAuth2 redirect_uri');
      const chosen = await fetch(`${url.replace('/authorize?', '/authorize/choose?')}&identity=${demoDiscordIdentities[0].id}`, {
        redirect: 'manual',
      });
      expect(chosen.status).toBe(400);
      expect(chosen.headers.get('location')).toBeNull();
    }
  });

  it('rejects an authorize request for another client', async () => {
    const answer = await fetch(authorizeUrl().replace(`client_id=${CLIENT_ID}`, 'client_id=other'));
    expect(answer.status).toBe(400);
  });
});
