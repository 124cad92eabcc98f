import { randomBytes } from 'node:crypto';
import { isRole, type Role } from '@core/roles';
import { AUTH_ERRORS, DEFAULT_SIGN_UP_ROLE, SELF_SERVICE_ROLES, signUpSchema } from '@core/validation/auth';
import { logger } from '../lib/appsync';
import { ConflictError, ValidationError } from '../lib/errors';
import { parseInput } from '../lib/validation';
import { ClaimTakenError } from '../lib/stores/account-store';
import type { UserRecord } from '../lib/stores/user-store';
import type { AuthDeps } from './deps';
import { UserExistsError } from './identity-provider';
import { authResult, type AuthResult } from './session';

export interface SignUpArgs {
  data?: { fullName?: unknown; email?: unknown } | null;
  password?: unknown;
  confirmPassword?: unknown;
  role?: unknown;
}

export async function signUpUser(args: SignUpArgs, deps: AuthDeps): Promise<AuthResult> {
  const form = parseInput(signUpSchema, {
    fullName: args.data?.fullName,
    email: args.data?.email,
    password: args.password,
    confirmPassword: args.confirmPassword,
  });
  const role = args.role ?? DEFAULT_SIGN_UP_ROLE;
  if (!isRole(role) || !(await mayChooseRole(role, form.email, deps))) throw new ValidationError(AUTH_ERRORS.roleNotAllowed);
  // Cheap early answer; the transaction in createAccount is what guarantees one account per e-mail.
  if (await deps.users.findByEmail(form.email)) throw new ConflictError(AUTH_ERRORS.emailExists);

  let user: UserRecord;
  try {
    user = await createAccount({ email: form.email, fullName: form.fullName, role }, form.password, deps);
  } catch (error) {
    if (error instanceof UserExistsError || error instanceof ClaimTakenError) throw new ConflictError(AUTH_ERRORS.emailExists);
    throw error;
  }
  const tokens = await deps.idp.signIn(user.id, form.password);
  if (!tokens) throw new Error('The new account could not sign in');
  return authResult(tokens, user, deps.now());
}

/** Anyone may be a gamer or SELF; COACH only with a coach invite waiting; never DIRECTOR (bought) or an admin role. */
async function mayChooseRole(role: Role, email: string, deps: Pick<AuthDeps, 'invites'>): Promise<boolean> {
  if (SELF_SERVICE_ROLES.includes(role)) return true;
  if (role !== 'COACH') return false;
  return (await deps.invites.pendingFor(email)).some((invite) => invite.role === 'COACH');
}

export interface NewAccount {
  email: string;
  fullName: string;
  role: Role;
  discordId?: string;
}

/**
 * Creates the Cognito user (password set, in the role's group) and then, in one DynamoDB transaction,
 * the profile with its e-mail (and Discord) claims. If any step fails the Cognito user is deleted again,
 * so no half-made account remains. Throws UserExistsError or ClaimTakenError when the e-mail is taken.
 */
export async function createAccount(account: NewAccount, password: string, deps: AuthDeps): Promise<UserRecord> {
  const userId = await deps.idp.createUser(account.email, account.fullName);
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
    createdAt: at,
    updatedAt: at,
  };
  try {
    await deps.idp.setPassword(userId, password);
    await deps.idp.addToGroup(userId, account.role);
    await deps.accounts.create(user);
    return user;
  } catch (error) {
    await deps.idp.deleteUser(userId).catch((undo: unknown) =>
      logger.error('could not delete the Cognito user of a failed sign-up', { userId, error: undo as Error }),
    );
    throw error;
  }
}

/** A password nobody knows or types: Discord accounts sign in with a fresh one each time (docs/accounts.md). */
export function serverOnlyPassword(): string {
  // base64url letters, digits, '-' and '_', plus one of each class the pool's policy asks for.
  return `${randomBytes(32).toString('base64url')}Aa1!`;
}
