import { AUTH_ERRORS, type discordLoginArgsSchema, fullNameField } from '@core/auth/validation';
import type { z } from 'zod';
import { logger } from '../lib/appsync';
import { UnauthorizedError } from '../lib/errors';
import type { AuthResult } from '../lib/gql/schema-types';
import { ClaimTakenError } from '../lib/stores/account-store';
import type { UserRecord } from '../lib/stores/user-store';
import type { AuthDeps } from './deps';
import type { DiscordIdentity } from './discord-api';
import { UserExistsError } from './identity-provider';
import { assertEnabled } from './login';
import { authResult, issuedAfterSignOut } from './session';
import { createAccount, serverOnlyPassword } from './sign-up';

/**
 * Sign-in with Discord's authorization code. The Discord id finds the account; without one, a new GAMER
 * account is made from Discord's verified e-mail. An e-mail that already belongs to a password account is
 * refused with the spec's "wrong login type" text, because tokens for it could only be minted by changing
 * its password (docs/accounts.md).
 */
export async function logInUserWithDiscord(
  { code, redirect_uri: redirectUri }: z.infer<typeof discordLoginArgsSchema>,
  deps: AuthDeps,
): Promise<AuthResult> {
  let identity: DiscordIdentity;
  try {
    identity = await deps.discord.identify(code, redirectUri);
  } catch (error) {
    logger.warn('Discord code exchange failed', { error: error as Error });
    throw new UnauthorizedError(AUTH_ERRORS.discordFailed);
  }

  const userId = await deps.accounts.userIdByDiscordId(identity.id);
  const existing = userId ? await deps.users.get(userId) : null;
  const password = serverOnlyPassword();
  const user = existing ?? (await createDiscordAccount(identity, password, deps));
  await assertEnabled(user, deps);
  // Each Discord sign-in sets a new server-only password and signs in with it (Cognito has no password-less admin flow).
  if (existing) await deps.idp.setPassword(user.id, password);
  const tokens = await issuedAfterSignOut(() => deps.idp.signIn(user.id, password), deps);
  if (!tokens) throw new UnauthorizedError(AUTH_ERRORS.discordFailed);
  return authResult(tokens, user, deps.now());
}

async function createDiscordAccount(identity: DiscordIdentity, password: string, deps: AuthDeps): Promise<UserRecord> {
  const email = identity.email?.trim().toLowerCase();
  if (email && (await deps.users.findByEmail(email))) throw new UnauthorizedError(AUTH_ERRORS.noDiscordId);
  if (!email || identity.verified !== true) throw new UnauthorizedError(AUTH_ERRORS.discordEmailUnverified);
  // Discord's display name is free text; its usernames are plain lower-case letters, digits, '_' and '.'.
  const fullName = fullNameField.safeParse(identity.global_name).data ?? identity.username;
  try {
    // Discord signs in only verified e-mails (checked above): the mailbox is proven.
    return await createAccount({ email, fullName, role: 'GAMER', discordId: identity.id, emailVerified: true }, password, deps);
  } catch (error) {
    if (error instanceof UserExistsError || (error instanceof ClaimTakenError && error.claim === 'email')) {
      throw new UnauthorizedError(AUTH_ERRORS.noDiscordId);
    }
    // The same Discord user signing in twice at once: the other request made the account; trying again signs in.
    if (error instanceof ClaimTakenError) throw new UnauthorizedError(AUTH_ERRORS.discordFailed);
    throw error;
  }
}
