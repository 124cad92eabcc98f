import { AUTH_ERRORS, type LoginInput } from '@core/auth/validation';
import { NotFoundError, UnauthorizedError } from '../lib/errors';
import type { AuthResult } from '../lib/gql/schema-types';
import type { UserRecord } from '../lib/stores/user-store';
import type { AuthDeps } from './deps';
import { LOGIN_REFUSAL_MIN_MS, LOGIN_TRY_LIMIT, tryExpiry, wrongPasswordMessage } from './login-attempts';
import { authResult, issuedAfterSignOut } from './session';

/**
 * E-mail + password sign-in with a server-side try counter. Each password check is reserved in the count
 * before Cognito is asked, so no burst of parallel calls gets more than LOGIN_TRY_LIMIT checks per lock
 * period. A locked account stays locked for the lock period even with the right password; a successful
 * sign-in clears the count. The e-mail and password come parsed by the field's schema (./fields.ts).
 */
export async function loginUser({ email, password }: LoginInput, deps: AuthDeps): Promise<AuthResult> {
  const started = deps.now().getTime();
  try {
    return await signInWithPassword(email, password, deps);
  } catch (error) {
    // Every refusal answers after the same minimum time, so an unknown e-mail (no Cognito call) takes as long as a
    // wrong password (one Cognito call).
    await deps.sleep(Math.max(0, LOGIN_REFUSAL_MIN_MS - (deps.now().getTime() - started)));
    throw error;
  }
}

async function signInWithPassword(email: string, password: string, deps: AuthDeps): Promise<AuthResult> {
  const user = await deps.users.findByEmail(email);
  if (!user) throw new NotFoundError(AUTH_ERRORS.emailNotFound);
  // Discord-made accounts have only a server-generated password.
  if (user.usedDiscord) throw new UnauthorizedError(AUTH_ERRORS.signedUpWithDiscord);
  if (user.enabled === false) throw new UnauthorizedError(AUTH_ERRORS.disabled);
  const now = deps.now();
  // Nothing reaches Cognito before a try is reserved, so a locked account costs Cognito no call at all.
  const tries = await deps.attempts.reserveTry(user.id, now, tryExpiry(now), LOGIN_TRY_LIMIT);
  if (tries === null) throw new UnauthorizedError(AUTH_ERRORS.tryLimit);

  const [tokens] = await Promise.all([issuedAfterSignOut(() => deps.idp.signIn(user.id, password), deps), assertEnabled(user, deps)]);
  if (!tokens) throw new UnauthorizedError(wrongPasswordMessage(tries));
  // A disable writes the profile before its sign-out time: a profile still enabled now means any disable comes after
  // these tokens were issued, so its sign-out refuses them (docs/accounts.md, Sessions).
  if ((await deps.users.get(user.id))?.enabled === false) throw new UnauthorizedError(AUTH_ERRORS.disabled);
  await deps.attempts.clear(user.id);
  return authResult(tokens, user, now);
}

/**
 * Both the profile's flag (what admins set) and Cognito's own must allow sign-in: cognito-local lets
 * disabled users sign in, and a profile can be disabled while Cognito is not (or the other way round).
 */
export async function assertEnabled(user: UserRecord, deps: Pick<AuthDeps, 'idp'>): Promise<void> {
  if (user.enabled === false || !(await deps.idp.isEnabled(user.id))) throw new UnauthorizedError(AUTH_ERRORS.disabled);
}
