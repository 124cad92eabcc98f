/**
 * The account rules' world: the DynamoDB stores on DynamoDB Local (jest project `dynamodb`), plus stand-ins for the
 * user pool, Discord, mail and the clock. The table is shared, so each world names its accounts, e-mails, Discord ids
 * and caller addresses with fresh ids (`id`, `email`).
 */
import type { Role } from '@core/roles';
import type { FieldDeclaration } from '../lib/fields';
import type { MailMessage } from '../lib/mail';
import { freshIds } from '../lib/stores/test-support/records';
import { dynamoUserAdminStore } from '../lib/stores/user-admin-store';
import type { UserRecord } from '../lib/stores/user-store';
import { parseInput } from '../lib/validation';
import { type AuthDeps, productionDeps } from './deps';
import type { DiscordIdentity } from './discord-api';
import { authFields } from './fields';
import { UserExistsError, type CognitoTokens } from './identity-provider';

interface PoolUser {
  email: string;
  password: string | null;
  enabled: boolean;
  emailVerified?: boolean;
  groups: Role[];
  refreshTokens: string[];
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned JWT-shaped token carrying the claims the rules read. */
const fakeJwt = (claims: Record<string, unknown>) => `${base64url({ alg: 'none' })}.${base64url(claims)}.sig`;

export function fakeWorld(start = new Date('2026-11-02T10:00:00Z')) {
  let clock = start;
  let nextId = 1;
  const id = freshIds();
  const email = (name: string) => `${id(name)}@fitgauge.test`;
  const sleeps: number[] = [];
  const pool = new Map<string, PoolUser>();
  const mail: MailMessage[] = [];
  const discordCodes = new Map<string, DiscordIdentity>();
  const seconds = () => Math.floor(clock.getTime() / 1000);
  const failures = { accountsCreate: null as Error | null, setPassword: null as Error | null };

  const tokensFor = (userId: string): CognitoTokens => {
    const user = pool.get(userId)!;
    const iat = seconds();
    const jti = nextId++;
    const refreshToken = `refresh-${userId}-${jti}`;
    user.refreshTokens.push(refreshToken);
    return {
      accessToken: fakeJwt({ sub: userId, jti, iat, exp: iat + 3600, 'cognito:groups': user.groups }),
      idToken: fakeJwt({ sub: userId, iat, exp: iat + 3600, email: user.email, 'cognito:groups': user.groups }),
      refreshToken,
    };
  };

  const deps: AuthDeps = {
    ...productionDeps,
    accounts: {
      async create(user) {
        if (failures.accountsCreate) throw failures.accountsCreate;
        return productionDeps.accounts.create(user);
      },
      userIdByDiscordId: productionDeps.accounts.userIdByDiscordId,
    },
    idp: {
      async createUser(address) {
        if ([...pool.values()].some((u) => u.email === address)) throw new UserExistsError();
        const userId = id(`user${nextId++}`);
        pool.set(userId, { email: address, password: null, enabled: true, groups: [], refreshTokens: [] });
        return userId;
      },
      async setPassword(userId, password) {
        if (failures.setPassword) throw failures.setPassword;
        pool.get(userId)!.password = password;
      },
      addToGroup: async (userId, role) => void pool.get(userId)!.groups.push(role),
      async markEmailVerified(userId, address) {
        const account = pool.get(userId)!;
        // Like cognito-local: the flag is set only with the account's e-mail.
        if (account.email !== address) throw new Error('Email is required to verify/un-verify an email');
        account.emailVerified = true;
      },
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
    id,
    /** A fresh e-mail of this world: `<name>-<run>@fitgauge.test`. */
    email,
    pool,
    mail,
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
    /** Enables or disables the profile, as an admin's edit does. */
    async setEnabled(userId: string, enabled: boolean) {
      const user = await productionDeps.users.get(userId);
      if (!user) throw new Error(`No profile ${userId}`);
      await dynamoUserAdminStore.update(user, { enabled }, null, clock.toISOString());
    },
    /** An existing password account, as the seed or an earlier sign-up leaves it. */
    async addAccount(address: string, password: string, role: Role = 'GAMER', extra: Partial<UserRecord> = {}) {
      const userId = await deps.idp.createUser(address, address, true);
      await deps.idp.setPassword(userId, password);
      await deps.idp.addToGroup(userId, role);
      const at = clock.toISOString();
      const user: UserRecord = {
        id: userId,
        email: address,
        fullName: address,
        username: null,
        avatar: null,
        role,
        enabled: true,
        selectedTeamId: null,
        createdAt: at,
        updatedAt: at,
        ...extra,
      };
      await deps.accounts.create(user);
      return user;
    },
  };
}

type AuthFields = typeof authFields;
type ArgsOf<Declaration> = Declaration extends FieldDeclaration<infer Args> ? Args : never;

/**
 * A field's arguments as its handler gives them to the resolver: parsed by the schema its declaration (./fields.ts)
 * names, which refuses bad input with the caller's message before the resolver runs.
 */
export function argsOf<Name extends keyof AuthFields>(name: Name, input: unknown): ArgsOf<AuthFields[Name]> {
  const { args } = authFields[name] as FieldDeclaration<ArgsOf<AuthFields[Name]>>;
  if (!args) throw new Error(`${name} declares no argument schema.`);
  return parseInput(args, input);
}
