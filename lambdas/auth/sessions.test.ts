import { AUTH_ERRORS } from '@core/auth/validation';
import type { Caller } from '../lib/appsync';
import { logInUserWithDiscord } from './discord-login';
import { loginUser } from './login';
import { me } from './me';
import { logoutUser, refreshSession } from './refresh';
import { isSignedOut } from '../lib/signed-out';
import { tokenClaims } from './session';
import { fakeWorld } from './test-support';

const REDIRECT = 'http://localhost:5173/auth/login';
const demoGamer = {
  id: '100000000000000001',
  username: 'discord_gamer',
  global_name: 'Discord Demo Gamer',
  email: 'discord.gamer@fitgauge.test',
  verified: true,
};

describe('refreshToken and logoutUser', () => {
  it('refreshes until the token is revoked by sign-out', async () => {
    const { deps, addAccount } = fakeWorld();
    await addAccount('gamer1@fitgauge.test', 'Passw0rd!');
    const session = await loginUser({ email: 'gamer1@fitgauge.test', password: 'Passw0rd!' }, deps);
    const refreshed = await refreshSession({ refreshToken: session.refreshToken }, deps);
    expect(refreshed).toMatchObject({ id: session.id, refreshToken: session.refreshToken, groups: ['GAMER'] });
    expect(refreshed.accessToken).not.toBe(session.accessToken);

    await expect(logoutUser({ refreshToken: session.refreshToken }, null, deps)).resolves.toBe(true);
    await expect(refreshSession({ refreshToken: session.refreshToken }, deps)).rejects.toMatchObject({
      name: 'Unauthorized',
      message: 'Your session has expired. Please sign in again.',
    });
    await expect(refreshSession({ refreshToken: 'garbage' }, deps)).rejects.toThrow(AUTH_ERRORS.sessionExpired);
  });

  it("records the sign-out of the refresh token's account, or of the signed-in caller when the token no longer works", async () => {
    const { deps, addAccount, signOuts, advance } = fakeWorld();
    const user = await addAccount('gamer1@fitgauge.test', 'Passw0rd!');
    const other = await addAccount('gamer2@fitgauge.test', 'Passw0rd!');
    const caller: Caller = { sub: other.id, email: other.email, groups: ['GAMER'], role: 'GAMER' };
    const session = await loginUser({ email: user.email, password: 'Passw0rd!' }, deps);
    await logoutUser({ refreshToken: session.refreshToken }, caller, deps);
    expect(signOuts.get(user.id)).toBe(Math.floor(deps.now().getTime() / 1000));
    expect(signOuts.has(other.id)).toBe(false);

    advance(5000);
    await logoutUser({ refreshToken: 'already-gone' }, caller, deps);
    expect(signOuts.get(other.id)).toBe(Math.floor(deps.now().getTime() / 1000));
  });

  it("never hands out a token of a sign-out's own second: a sign-in or refresh right after it waits for the next second", async () => {
    const { deps, addAccount, stores, advance } = fakeWorld();
    const sleeps: number[] = [];
    deps.sleep = async (ms) => {
      sleeps.push(ms);
      advance(ms);
    };
    const user = await addAccount('gamer1@fitgauge.test', 'Passw0rd!');
    const before = await loginUser({ email: user.email, password: 'Passw0rd!' }, deps);
    advance(300);
    await logoutUser({ refreshToken: 'gone' }, { sub: user.id, email: user.email, groups: ['GAMER'], role: 'GAMER' }, deps);
    advance(300);
    const isRefused = async (token: string) => isSignedOut(tokenClaims(token), stores.signOuts);
    // Issued 300 ms before the sign-out, in the same second: refused.
    expect(await isRefused(before.accessToken)).toBe(true);
    const after = await loginUser({ email: user.email, password: 'Passw0rd!' }, deps);
    expect(await isRefused(after.accessToken)).toBe(false);
    expect(await isRefused(after.idToken)).toBe(false);
    expect(sleeps).toHaveLength(1);
    const refreshed = await refreshSession({ refreshToken: after.refreshToken }, deps);
    expect(await isRefused(refreshed.accessToken)).toBe(false);
  });

  it('refuses a sign-in whose account was disabled while Cognito issued its tokens', async () => {
    const { deps, addAccount, users } = fakeWorld();
    const user = await addAccount('gamer1@fitgauge.test', 'Passw0rd!');
    const signIn = deps.idp.signIn;
    deps.idp.signIn = async (userId, password) => {
      const tokens = await signIn(userId, password);
      users.set(user.id, { ...user, enabled: false }); // the disable's profile write lands right after Cognito answered
      return tokens;
    };
    await expect(loginUser({ email: user.email, password: 'Passw0rd!' }, deps)).rejects.toThrow(AUTH_ERRORS.disabled);
  });

  it('ends the session of an account disabled since sign-in', async () => {
    const { deps, addAccount, users } = fakeWorld();
    const user = await addAccount('gamer1@fitgauge.test', 'Passw0rd!');
    const session = await loginUser({ email: user.email, password: 'Passw0rd!' }, deps);
    users.set(user.id, { ...user, enabled: false });
    await expect(refreshSession({ refreshToken: session.refreshToken }, deps)).rejects.toThrow(AUTH_ERRORS.disabled);
    users.set(user.id, user);
    await expect(refreshSession({ refreshToken: session.refreshToken }, deps)).rejects.toThrow(AUTH_ERRORS.sessionExpired);
  });
});

describe('logInUserWithDiscord', () => {
  it('makes a GAMER account on first use and signs the same account in later', async () => {
    const w = fakeWorld();
    const first = await logInUserWithDiscord({ code: w.discordCode(demoGamer), redirect_uri: REDIRECT }, w.deps);
    expect(first).toMatchObject({
      groups: ['GAMER'],
      user: { email: 'discord.gamer@fitgauge.test', fullName: 'Discord Demo Gamer', usedDiscord: true, discordId: demoGamer.id, role: 'GAMER' },
    });
    const again = await logInUserWithDiscord({ code: w.discordCode(demoGamer), redirect_uri: REDIRECT }, w.deps);
    expect(again.id).toBe(first.id);
    expect(w.users.size).toBe(1);
    await expect(loginUser({ email: demoGamer.email, password: 'anything' }, w.deps)).rejects.toThrow(AUTH_ERRORS.signedUpWithDiscord);
  });

  it('stores a Discord display name only when it is a safe full name, else the Discord username', async () => {
    const w = fakeWorld();
    const reversed = { ...demoGamer, id: '4', email: 'reversed@fitgauge.test', global_name: '\u202eremaG' };
    const nameless = { ...demoGamer, id: '5', email: 'nameless@fitgauge.test', global_name: null };
    const named = await logInUserWithDiscord({ code: w.discordCode({ ...demoGamer, global_name: 'Zoë 🎮' }), redirect_uri: REDIRECT }, w.deps);
    expect(named.user.fullName).toBe('Zoë 🎮');
    expect((await logInUserWithDiscord({ code: w.discordCode(reversed), redirect_uri: REDIRECT }, w.deps)).user.fullName).toBe('discord_gamer');
    expect((await logInUserWithDiscord({ code: w.discordCode(nameless), redirect_uri: REDIRECT }, w.deps)).user.fullName).toBe('discord_gamer');
  });

  it('refuses an e-mail that belongs to a password account', async () => {
    const w = fakeWorld();
    await w.addAccount('gamer2@fitgauge.test', 'Passw0rd!');
    const code = w.discordCode({ ...demoGamer, id: '2', email: 'gamer2@fitgauge.test' });
    await expect(logInUserWithDiscord({ code, redirect_uri: REDIRECT }, w.deps)).rejects.toThrow(
      'Error logging in user. No discord ID found. Please sign up using Discord.',
    );
    // The password account keeps its password.
    await expect(loginUser({ email: 'gamer2@fitgauge.test', password: 'Passw0rd!' }, w.deps)).resolves.toBeTruthy();
  });

  it('needs a verified Discord e-mail to make an account, and a code Discord accepts', async () => {
    const w = fakeWorld();
    const code = w.discordCode({ ...demoGamer, id: '3', email: 'unverified@fitgauge.test', verified: false });
    await expect(logInUserWithDiscord({ code, redirect_uri: REDIRECT }, w.deps)).rejects.toThrow(AUTH_ERRORS.discordEmailUnverified);
    await expect(logInUserWithDiscord({ code: 'used-or-made-up', redirect_uri: REDIRECT }, w.deps)).rejects.toThrow(AUTH_ERRORS.discordFailed);
    expect(w.pool.size).toBe(0);
  });

  it('refuses a disabled Discord account', async () => {
    const w = fakeWorld();
    const { id } = await logInUserWithDiscord({ code: w.discordCode(demoGamer), redirect_uri: REDIRECT }, w.deps);
    w.users.set(id, { ...w.users.get(id)!, enabled: false });
    await expect(logInUserWithDiscord({ code: w.discordCode(demoGamer), redirect_uri: REDIRECT }, w.deps)).rejects.toThrow(AUTH_ERRORS.disabled);
  });
});

describe('me', () => {
  it('returns the profile with pending invites (and their team) and teams by relation', async () => {
    const w = fakeWorld();
    const coach = await w.addAccount('newcoach@fitgauge.test', 'Passw0rd!', 'COACH', { emailVerified: true });
    const at = '2026-11-01T00:00:00.000Z';
    const team = (id: string, name: string) => ({
      id,
      name,
      description: '',
      game: 'Valorant',
      avatar: '',
      ownerId: 'director',
      createdAt: at,
      updatedAt: at,
    });
    w.teams.set('wolves', team('wolves', 'Iron Wolves'));
    w.teams.set('owls', team('owls', 'Night Owls'));
    w.memberships.push({ teamId: 'owls', userId: coach.id, role: 'COACH', joinedAt: at });
    w.invites.push(
      {
        id: 'i1',
        teamId: 'wolves',
        inviteeEmail: coach.email,
        inviteeName: 'Nora',
        inviterUserId: 'director',
        role: 'COACH',
        status: 'PENDING',
        createdAt: at,
        updatedAt: at,
      },
      {
        id: 'i2',
        teamId: 'owls',
        inviteeEmail: coach.email,
        inviteeName: 'Nora',
        inviterUserId: 'director',
        role: 'COACH',
        status: 'ACCEPTED',
        createdAt: at,
        updatedAt: at,
      },
    );
    const caller: Caller = { sub: coach.id, email: null, groups: ['COACH'], role: 'COACH' };
    const view = await me(caller, w.deps);
    expect(view.Invites).toEqual([expect.objectContaining({ id: 'i1', role: 'COACH', Team: expect.objectContaining({ name: 'Iron Wolves' }) })]);
    expect(view.coachedTeams.map((t) => t.name)).toEqual(['Night Owls']);
    expect(view.Team).toEqual([]);
    expect(view.ownedTeams).toEqual([]);
    // The same invites do not reach an account that never proved it owns the e-mail (anyone may sign up with it).
    w.users.set(coach.id, { ...w.users.get(coach.id)!, emailVerified: false });
    expect((await me(caller, w.deps)).Invites).toEqual([]);
  });

  it('answers "User not found. Please sign up" without a profile', async () => {
    const w = fakeWorld();
    await expect(me({ sub: 'ghost', email: null, groups: [], role: null }, w.deps)).rejects.toThrow('User not found. Please sign up');
  });
});
