/**
 * In-memory stand-ins for the stores, the user pool, Discord and mail, for unit tests of the account rules.
 * They keep the contracts of the real adapters (expiry checked on read, conditional spend), nothing more.
 */
import type { Role } from '@core/roles';
import type { MailMessage } from '../lib/mail';
import type { InviteRecord } from '../lib/stores/invite-store';
import type { ResetCodeRecord } from '../lib/stores/reset-code-store';
import type { MembershipRecord, TeamRecord } from '../lib/stores/team-store';
import type { UserRecord } from '../lib/stores/user-store';
import { ClaimTakenError } from '../lib/stores/account-store';
import type { AuthDeps } from './deps';
import type { DiscordIdentity } from './discord-api';
import { UserExistsError, type CognitoTokens } from './identity-provider';

interface PoolUser {
  email: string;
  password: string | null;
  enabled: boolean;
  groups: Role[];
  refreshTokens: string[];
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned JWT-shaped token carrying the claims the rules read. */
export const fakeJwt = (claims: Record<string, unknown>) => `${base64url({ alg: 'none' })}.${base64url(claims)}.sig`;

export function fakeWorld(start = new Date('2026-11-02T10:00:00Z')) {
  let clock = start;
  let nextId = 1;
  const users = new Map<string, UserRecord>();
  const claims = new Map<string, string>();
  const attempts = new Map<string, { failures: number; expiresAt: number }>();
  const rateWindows = new Map<string, number>();
  const signOuts = new Map<string, number>();
  const sleeps: number[] = [];
  const codes = new Map<string, ResetCodeRecord>();
  const pool = new Map<string, PoolUser>();
  const mail: MailMessage[] = [];
  const invites: InviteRecord[] = [];
  const memberships: MembershipRecord[] = [];
  const teams = new Map<string, TeamRecord>();
  const discordCodes = new Map<string, DiscordIdentity>();
  const seconds = () => Math.floor(clock.getTime() / 1000);
  const failures = { accountsCreate: null as Error | null };

  const tokensFor = (userId: string): CognitoTokens => {
    const user = pool.get(userId)!;
    const iat = seconds();
    const jti = nextId++;
    const refreshToken = `refresh-${userId}-${jti}`;
    user.refreshTokens.push(refreshToken);
    return {
      accessToken: fakeJwt({ sub: userId, jti, exp: iat + 3600, 'cognito:groups': user.groups }),
      idToken: fakeJwt({ sub: userId, exp: iat + 3600, email: user.email, 'cognito:groups': user.groups }),
      refreshToken,
    };
  };

  const deps: AuthDeps = {
    users: {
      get: async (id) => users.get(id) ?? null,
      findByEmail: async (email) => [...users.values()].find((u) => u.email === email.toLowerCase()) ?? null,
    },
    accounts: {
      async create(user) {
        if (failures.accountsCreate) throw failures.accountsCreate;
        if (claims.has(`EMAIL#${user.email}`)) throw new ClaimTakenError('email');
        if (user.discordId && claims.has(`DISCORD#${user.discordId}`)) throw new ClaimTakenError('discord');
        users.set(user.id, user);
        claims.set(`EMAIL#${user.email}`, user.id);
        if (user.discordId) claims.set(`DISCORD#${user.discordId}`, user.id);
      },
      userIdByDiscordId: async (discordId) => claims.get(`DISCORD#${discordId}`) ?? null,
    },
    attempts: {
      async reserveTry(userId, now, expiresAt, limit) {
        const found = attempts.get(userId);
        const live = found && found.expiresAt > Math.floor(now.getTime() / 1000) ? found.failures : 0;
        if (live >= limit) return null;
        attempts.set(userId, { failures: live + 1, expiresAt });
        return live + 1;
      },
      clear: async (userId) => void attempts.delete(userId),
    },
    resetCodes: {
      put: async (record) => void codes.set(record.userId, { ...record }),
      async reserveGuess(userId, now, maxGuesses) {
        const record = codes.get(userId);
        if (!record || record.expiresAt <= Math.floor(now.getTime() / 1000)) return null;
        if (record.attempts >= maxGuesses) return 'attempts-used';
        record.attempts += 1;
        return { ...record };
      },
      async refundGuess(userId, codeHash) {
        const record = codes.get(userId);
        if (record?.codeHash === codeHash && record.attempts > 0) record.attempts -= 1;
      },
      async spend(userId, codeHash) {
        if (codes.get(userId)?.codeHash !== codeHash) return false;
        return codes.delete(userId);
      },
    },
    rateLimits: {
      async take(subject, limit, windowSeconds, now) {
        const seconds = Math.floor(now.getTime() / 1000);
        const key = `${subject}@${seconds - (seconds % windowSeconds)}`;
        const hits = rateWindows.get(key) ?? 0;
        if (hits >= limit) return false;
        rateWindows.set(key, hits + 1);
        return true;
      },
    },
    signOuts: {
      signedOutAt: async (userId) => signOuts.get(userId) ?? null,
      signOut: async (userId, at) => void signOuts.set(userId, Math.max(signOuts.get(userId) ?? 0, Math.floor(at.getTime() / 1000))),
    },
    overview: {
      pendingInvites: async (email) => invites.filter((i) => i.inviteeEmail === email && i.status === 'PENDING'),
      teamsOwnedBy: async (ownerId) => [...teams.values()].filter((t) => t.ownerId === ownerId),
      teams: async (ids) => [...new Set(ids)].flatMap((id) => teams.get(id) ?? []),
    },
    teams: { membershipsOfUser: async (userId) => memberships.filter((m) => m.userId === userId) },
    idp: {
      async createUser(email) {
        if ([...pool.values()].some((u) => u.email === email)) throw new UserExistsError();
        const id = `user-${nextId++}`;
        pool.set(id, { email, password: null, enabled: true, groups: [], refreshTokens: [] });
        return id;
      },
      setPassword: async (userId, password) => void (pool.get(userId)!.password = password),
      addToGroup: async (userId, role) => void pool.get(userId)!.groups.push(role),
      deleteUser: async (userId) => void pool.delete(userId),
      isEnabled: async (userId) => pool.get(userId)?.enabled ?? false,
      signIn: async (userId, password) => (pool.get(userId)?.password === password ? tokensFor(userId) : null),
      async refresh(refreshToken) {
        const userId = [...pool.entries()].find(([, u]) => u.refreshTokens.includes(refreshToken))?.[0];
        if (!userId) return null;
        const { accessToken, idToken } = tokensFor(userId);
        return { accessToken, idToken };
      },
      async revoke(refreshToken) {
        for (const user of pool.values()) user.refreshTokens = user.refreshTokens.filter((t) => t !== refreshToken);
      },
    },
    discord: {
      async identify(code) {
        const identity = discordCodes.get(code);
        if (!identity) throw new Error('invalid_grant');
        discordCodes.delete(code);
        return identity;
      },
    },
    sendMail: async (message) => void mail.push(message),
    now: () => clock,
    sleep: async (ms) => void sleeps.push(ms),
  };

  return {
    deps,
    users,
    pool,
    mail,
    invites,
    memberships,
    teams,
    codes,
    attempts,
    signOuts,
    sleeps,
    failures,
    /** A Discord authorization code that identifies as `identity` once. */
    discordCode(identity: DiscordIdentity) {
      const code = `discord-code-${nextId++}`;
      discordCodes.set(code, identity);
      return code;
    },
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
    /** An existing password account, as the seed or an earlier sign-up leaves it. */
    async addAccount(email: string, password: string, role: Role = 'GAMER', extra: Partial<UserRecord> = {}) {
      const id = await deps.idp.createUser(email, email);
      await deps.idp.setPassword(id, password);
      await deps.idp.addToGroup(id, role);
      const at = clock.toISOString();
      const user: UserRecord = {
        id, email, fullName: email, username: null, avatar: null, role, enabled: true, selectedTeamId: null, createdAt: at, updatedAt: at, ...extra,
      };
      await deps.accounts.create(user);
      return user;
    },
  };
}
