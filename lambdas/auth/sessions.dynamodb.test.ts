import { AUTH_ERRORS } from '@core/auth/validation';
import type { Caller } from '../lib/appsync';
import { logInUserWithDiscord } from './discord-login';
import { loginUser } from './login';
import { me } from './me';
import { logoutUser, refreshSession } from './refresh';
import { isSignedOut } from '../lib/signed-out';
import { dynamoInviteStore } from '../lib/stores/invite-store';
import { membershipRecord, seedRecords, teamRecord } from '../lib/stores/test-support/records';
import { tokenClaims } from './session';
import { fakeWorld } from './test-support';

const REDIRECT = 'http://localhost:5173/auth/login';
/** The demo Discord gamer, with a Discord id and e-mail of the world's own. */
const demoGamerOf = ({ id, email }: ReturnType<typeof fakeWorld>) => ({
  id: id('100000000000000001'),
  username: 'discord_gamer',
  global_name: 'Discord Demo Gamer',
  email: email('discord.gamer'),
  verified: true,
});

describe('refreshToken and logoutUser', () => {
  it('refreshes until the token is revoked by sign-out', async () => {
    const { deps, addAccount, email } = fakeWorld();
    await addAccount(email('gamer1'), 'Passw0rd!');
    const session = await loginUser({ email: email('gamer1'), password: 'Passw0rd!' }, deps);
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
    const { deps, addAccount, email, advance } = fakeWorld();
    const user = await addAccount(email('gamer1'), 'Passw0rd!');
    const other = await addAccount(email('gamer2'), 'Passw0rd!');
    const caller: Caller = { sub: other.id, email: other.email, groups: ['GAMER'], role: 'GAMER' };
    const session = await loginUser({ email: user.email, password: 'Passw0rd!' }, deps);
    await logoutUser({ refreshToken: session.refreshToken }, caller, deps);
    expect(await deps.signOuts.signedOutAt(user.id)).toBe(Math.floor(deps.now().getTime() / 1000));
    expect(await deps.signOuts.signedOutAt(other.id)).toBeNull();

    advance(5000);
    await logoutUser({ refreshToken: 'already-gone' }, caller, deps);
    expect(await deps.signOuts.signedOutAt(other.id)).toBe(Math.floor(deps.now().getTime() / 1000));
  });

  it("never hands out a token of a sign-out's own second: a sign-in or refresh right after it waits for the next second", async () => {
    const { deps, addAccount, email, advance } = fakeWorld();
    const sleeps: number[] = [];
    deps.sleep = async (ms) => {
      sleeps.push(ms);
      advance(ms);
    };
    const user = await addAccount(email('gamer1'), 'Passw0rd!');
    const before = await loginUser({ email: user.email, password: 'Passw0rd!' }, deps);
    advance(300);
    await logoutUser({ refreshToken: 'gone' }, { sub: user.id, email: user.email, groups: ['GAMER'], role: 'GAMER' }, deps);
    advance(300);
    const isRefused = async (token: string) => isSignedOut(tokenClaims(token), deps.signOuts);
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
    const { deps, addAccount, email, setEnabled } = fakeWorld();
    const user = await addAccount(email('gamer1'), 'Passw0rd!');
    const signIn = deps.idp.signIn;
    deps.idp.signIn = async (userId, password) => {
      const tokens = await signIn(userId, password);
      await setEnabled(user.id, false); // the disable's profile write lands right after Cognito answered
      return tokens;
    };
    await expect(loginUser({ email: user.email, password: 'Passw0rd!' }, deps)).rejects.toThrow(AUTH_ERRORS.disabled);
  });

  it('refuses a refresh whose account was disabled while Cognito issued its tokens, and revokes its refresh token', async () => {
    const { deps, addAccount, email, setEnabled, pool } = fakeWorld();
    const user = await addAccount(email('gamer1'), 'Passw0rd!');
    const session = await loginUser({ email: user.email, password: 'Passw0rd!' }, deps);
    const refresh = deps.idp.refresh;
    deps.idp.refresh = async (refreshToken) => {
      const tokens = await refresh(refreshToken);
      await setEnabled(user.id, false); // the disable's profile write lands right after Cognito answered
      return tokens;
    };
    await expect(refreshSession({ refreshToken: session.refreshToken }, deps)).rejects.toThrow(AUTH_ERRORS.disabled);
    expect(pool.get(user.id)!.refreshTokens).not.toContain(session.refreshToken);
  });

  it('ends the session of an account disabled since sign-in', async () => {
    const { deps, addAccount, email, setEnabled } = fakeWorld();
    const user = await addAccount(email('gamer1'), 'Passw0rd!');
    const session = await loginUser({ email: user.email, password: 'Passw0rd!' }, deps);
    await setEnabled(user.id, false);
    await expect(refreshSession({ refreshToken: session.refreshToken }, deps)).rejects.toThrow(AUTH_ERRORS.disabled);
    await setEnabled(user.id, true);
    await expect(refreshSession({ refreshToken: session.refreshToken }, deps)).rejects.toThrow(AUTH_ERRORS.sessionExpired);
  });
});

describe('logInUserWithDiscord', () => {
  it('makes a GAMER account on first use and signs the same account in later', async () => {
    const w = fakeWorld();
    const demoGamer = demoGamerOf(w);
    const first = await logInUserWithDiscord({ code: w.discordCode(demoGamer), redirect_uri: REDIRECT }, w.deps);
    expect(first).toMatchObject({
      groups: ['GAMER'],
      user: { email: demoGamer.email, fullName: 'Discord Demo Gamer', usedDiscord: true, discordId: demoGamer.id, role: 'GAMER' },
    });
    const again = await logInUserWithDiscord({ code: w.discordCode(demoGamer), redirect_uri: REDIRECT }, w.deps);
    expect(again.id).toBe(first.id);
    expect(w.pool.size).toBe(1);
    expect(await w.deps.users.findByEmail(demoGamer.email)).toMatchObject({ id: first.id });
    await expect(loginUser({ email: demoGamer.email, password: 'anything' }, w.deps)).rejects.toThrow(AUTH_ERRORS.signedUpWithDiscord);
  });

  it('stores a Discord display name only when it is a safe full name, else the Discord username', async () => {
    const w = fakeWorld();
    const demoGamer = demoGamerOf(w);
    const reversed = { ...demoGamer, id: w.id('4'), email: w.email('reversed'), global_name: '\u202eremaG' };
    const nameless = { ...demoGamer, id: w.id('5'), email: w.email('nameless'), global_name: null };
    const named = await logInUserWithDiscord({ code: w.discordCode({ ...demoGamer, global_name: 'Zoë 🎮' }), redirect_uri: REDIRECT }, w.deps);
    expect(named.user.fullName).toBe('Zoë 🎮');
    expect((await logInUserWithDiscord({ code: w.discordCode(reversed), redirect_uri: REDIRECT }, w.deps)).user.fullName).toBe('discord_gamer');
    expect((await logInUserWithDiscord({ code: w.discordCode(nameless), redirect_uri: REDIRECT }, w.deps)).user.fullName).toBe('discord_gamer');
  });

  it('refuses an e-mail that belongs to a password account', async () => {
    const w = fakeWorld();
    await w.addAccount(w.email('gamer2'), 'Passw0rd!');
    const code = w.discordCode({ ...demoGamerOf(w), id: w.id('2'), email: w.email('gamer2') });
    await expect(logInUserWithDiscord({ code, redirect_uri: REDIRECT }, w.deps)).rejects.toThrow(
      'Error logging in user. No discord ID found. Please sign up using Discord.',
    );
    // The password account keeps its password.
    await expect(loginUser({ email: w.email('gamer2'), password: 'Passw0rd!' }, w.deps)).resolves.toBeTruthy();
  });

  it('needs a verified Discord e-mail to make an account, and a code Discord accepts', async () => {
    const w = fakeWorld();
    const code = w.discordCode({ ...demoGamerOf(w), id: w.id('3'), email: w.email('unverified'), verified: false });
    await expect(logInUserWithDiscord({ code, redirect_uri: REDIRECT }, w.deps)).rejects.toThrow(AUTH_ERRORS.discordEmailUnverified);
    await expect(logInUserWithDiscord({ code: 'used-or-made-up', redirect_uri: REDIRECT }, w.deps)).rejects.toThrow(AUTH_ERRORS.discordFailed);
    expect(w.pool.size).toBe(0);
  });

  it('refuses a disabled Discord account', async () => {
    const w = fakeWorld();
    const demoGamer = demoGamerOf(w);
    const { id } = await logInUserWithDiscord({ code: w.discordCode(demoGamer), redirect_uri: REDIRECT }, w.deps);
    await w.setEnabled(id, false);
    await expect(logInUserWithDiscord({ code: w.discordCode(demoGamer), redirect_uri: REDIRECT }, w.deps)).rejects.toThrow(AUTH_ERRORS.disabled);
  });
});

describe('me', () => {
  it('returns the profile with pending invites (and their team) and teams by relation', async () => {
    const w = fakeWorld();
    const coach = await w.addAccount(w.email('newcoach'), 'Passw0rd!', 'COACH');
    const at = '2026-11-01T00:00:00.000Z';
    const [wolves, owls] = [w.id('wolves'), w.id('owls')];
    await seedRecords({
      teams: [teamRecord(wolves, w.id('director'), { name: 'Iron Wolves' }), teamRecord(owls, w.id('director'), { name: 'Night Owls' })],
      memberships: [membershipRecord(owls, coach.id, 'COACH')],
    });
    const invite = (name: string, teamId: string, status: 'PENDING' | 'ACCEPTED') => ({
      id: w.id(name),
      teamId,
      inviteeEmail: coach.email,
      inviteeName: 'Nora',
      inviterUserId: w.id('director'),
      role: 'COACH' as const,
      status,
      createdAt: at,
      updatedAt: at,
    });
    await dynamoInviteStore.create(invite('i1', wolves, 'PENDING'));
    await dynamoInviteStore.create(invite('i2', owls, 'ACCEPTED'));
    const caller: Caller = { sub: coach.id, email: null, groups: ['COACH'], role: 'COACH' };
    // The invites do not reach an account that never proved it owns the e-mail (anyone may sign up with it).
    expect((await me(caller, w.deps)).Invites).toEqual([]);
    await w.deps.users.markEmailVerified(coach.id, at);
    const view = await me(caller, w.deps);
    expect(view.Invites).toEqual([
      expect.objectContaining({ id: w.id('i1'), role: 'COACH', Team: expect.objectContaining({ name: 'Iron Wolves' }) }),
    ]);
    expect(view.coachedTeams.map((t) => t.name)).toEqual(['Night Owls']);
    expect(view.Team).toEqual([]);
    expect(view.ownedTeams).toEqual([]);
  });

  it('answers "User not found. Please sign up" without a profile', async () => {
    const w = fakeWorld();
    await expect(me({ sub: w.id('ghost'), email: null, groups: [], role: null }, w.deps)).rejects.toThrow('User not found. Please sign up');
  });
});
