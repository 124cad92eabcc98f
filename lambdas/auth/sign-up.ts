import { randomBytes } from 'node:crypto';
import { isRole, type Role } from '@core/roles';
import { TEAM_MESSAGES, teamCodeField } from '@core/teams';
import { AUTH_ERRORS, DEFAULT_SIGN_UP_ROLE, SELF_SERVICE_ROLES, signUpSchema } from '@core/auth/validation';
import { logger } from '../lib/appsync';
import { ConflictError, ValidationError } from '../lib/errors';
import type { AuthResult } from '../lib/gql/schema-types';
import { parseInput } from '../lib/validation';
import { ClaimTakenError } from '../lib/stores/account-store';
import type { InviteRecord } from '../lib/stores/invite-store';
import type { UserRecord } from '../lib/stores/user-store';
import type { AuthDeps } from './deps';
import { PasswordRefusedError, UserExistsError } from './identity-provider';
import { authResult } from './session';

interface SignUpArgs {
  data?: { fullName?: unknown; email?: unknown } | null;
  password?: unknown;
  confirmPassword?: unknown;
  role?: unknown;
  /** The team code of the invite e-mail's sign-up link: proves the e-mail's mailbox (docs/accounts.md). */
  inviteCode?: unknown;
}

export async function signUpUser(args: SignUpArgs, deps: AuthDeps): Promise<AuthResult> {
  const form = parseInput(signUpSchema, {
    fullName: args.data?.fullName,
    email: args.data?.email,
    password: args.password,
    confirmPassword: args.confirmPassword,
  });
  const invite = args.inviteCode == null ? null : await inviteOfCode(parseInput(teamCodeField, args.inviteCode), form.email, deps);
  const role = args.role ?? DEFAULT_SIGN_UP_ROLE;
  if (!isRole(role) || !mayChooseRole(role, invite)) throw new ValidationError(AUTH_ERRORS.roleNotAllowed);
  // Cheap early answer; the transaction in createAccount is what guarantees one account per e-mail.
  if (await deps.users.findByEmail(form.email)) throw new ConflictError(AUTH_ERRORS.emailExists);

  let user: UserRecord;
  try {
    user = await createAccount({ email: form.email, fullName: form.fullName, role, emailVerified: invite !== null }, form.password, deps);
  } catch (error) {
    if (error instanceof UserExistsError || error instanceof ClaimTakenError) throw new ConflictError(AUTH_ERRORS.emailExists);
    if (error instanceof PasswordRefusedError) throw new ValidationError(AUTH_ERRORS.passwordRefused);
    throw error;
  }
  const tokens = await deps.idp.signIn(user.id, form.password);
  if (!tokens) throw new Error('The new account could not sign in');
  return authResult(tokens, user, deps.now());
}

/**
 * The pending invite whose code the sign-up brings, when it was mailed to the e-mail signing up: holding the code
 * proves the mailbox. Any other code is refused before anything is written.
 */
async function inviteOfCode(code: string, email: string, deps: Pick<AuthDeps, 'invites'>): Promise<InviteRecord> {
  const teamCode = await deps.invites.codeOf(code);
  if (!teamCode) throw new ValidationError(TEAM_MESSAGES.codeNotFound);
  if (teamCode.email.toLowerCase() !== email.toLowerCase()) throw new ValidationError(TEAM_MESSAGES.codeForAnotherEmail);
  const invite = await deps.invites.get(teamCode.teamId, teamCode.inviteId);
  if (teamCode.used || invite?.status !== 'PENDING') throw new ValidationError(TEAM_MESSAGES.codeUsed);
  return invite;
}

/**
 * Anyone may be a gamer or SELF; COACH only with the code of a coach invite mailed to the e-mail (an invite matched by
 * the typed e-mail alone proves nothing); never DIRECTOR (bought) or an admin role.
 */
function mayChooseRole(role: Role, invite: InviteRecord | null): boolean {
  if (SELF_SERVICE_ROLES.includes(role)) return true;
  return role === 'COACH' && invite?.role === 'COACH';
}

interface NewAccount {
  email: string;
  fullName: string;
  role: Role;
  discordId?: string;
  /** The account proved it owns the e-mail (an invite's code, or Discord's verified e-mail). */
  emailVerified: boolean;
}

/**
 * Creates the Cognito user (password set, in the role's group) and then, in one DynamoDB transaction,
 * the profile with its e-mail (and Discord) claims. If any step fails the Cognito user is deleted again,
 * so no half-made account remains. Throws UserExistsError or ClaimTakenError when the e-mail is taken.
 */
export async function createAccount(account: NewAccount, password: string, deps: AuthDeps): Promise<UserRecord> {
  const userId = await deps.idp.createUser(account.email, account.fullName, account.emailVerified);
  const at = deps.now().toISOString();
  const user: UserRecord = {
    id: userId,
    email: account.email,
    fullName: account.fullName,
    username: null,
    avatar: null,
    role: account.role,
    enabled: true,
    selectedTeamId: null,
    discordId: account.discordId ?? null,
    usedDiscord: account.discordId !== undefined,
    emailVerified: account.emailVerified,
    createdAt: at,
    updatedAt: at,
  };
  try {
    await deps.idp.setPassword(userId, password);
    await deps.idp.addToGroup(userId, account.role);
    await deps.accounts.create(user);
    return user;
  } catch (error) {
    await deps.idp
      .deleteUser(userId)
      .catch((undo: unknown) => logger.error('could not delete the Cognito user of a failed sign-up', { userId, error: undo as Error }));
    throw error;
  }
}

/** A password nobody knows or types: Discord accounts sign in with a fresh one each time (docs/accounts.md). */
export function serverOnlyPassword(): string {
  // base64url letters, digits, '-' and '_', plus one of each class the pool's policy asks for.
  return `${randomBytes(32).toString('base64url')}Aa1!`;
}
