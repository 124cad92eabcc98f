import { createHash } from 'node:crypto';
import { AUTH_ERRORS, type resetPasswordArgsSchema } from '@core/auth/validation';
import type { z } from 'zod';
import { UNKNOWN_ADDRESS } from '../lib/caller-address';
import { ValidationError } from '../lib/errors';
import type { ResetCodeRecord } from './reset-code-store';
import type { UserRecord } from '../lib/stores/user-store';
import { PasswordRefusedError } from './identity-provider';
import type { AuthDeps } from './deps';
import { issueResetCode, matchesResetCode, RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_SECONDS } from './reset-code';

/** forgotPassword limits (docs/accounts.md): e-mails per address, and requests per caller address. */
export const RESET_MAILS_PER_EMAIL = { limit: 3, windowSeconds: 60 * 60 };
export const RESET_REQUESTS_PER_CALLER = { limit: 10, windowSeconds: 15 * 60 };
/** forgotPassword never answers sooner, so known and unknown e-mails take the same time. */
export const FORGOT_PASSWORD_MIN_MS = 500;

/**
 * Sends a reset code to the account's e-mail. Always answers true, after the same minimum time, so neither
 * the answer nor its timing tells whether an account exists; unknown and disabled accounts get no mail.
 * Over a limit nothing is sent and the pending code stays valid.
 */
export async function forgotPassword({ email }: { email: string }, callerAddress: string, deps: AuthDeps): Promise<boolean> {
  await Promise.all([deps.sleep(FORGOT_PASSWORD_MIN_MS), mailResetCode(email, callerAddress, deps)]);
  return true;
}

async function mailResetCode(email: string, callerAddress: string, deps: AuthDeps): Promise<void> {
  const now = deps.now();
  const take = (subject: string, { limit, windowSeconds }: typeof RESET_MAILS_PER_EMAIL) => deps.rateLimits.take(subject, limit, windowSeconds, now);
  // Counted for known and unknown e-mails alike (the same work either way); the caller first, so a
  // refused caller does not use up the address's allowance. The address is kept only as a hash.
  // A call with no address at all would share one bucket with every other such call, so one caller could stop
  // everyone's reset mails: it is counted per e-mail only (the gateway, like AppSync, always gives an address).
  if (callerAddress !== UNKNOWN_ADDRESS && !(await take(`forgotPassword#caller#${callerAddress}`, RESET_REQUESTS_PER_CALLER))) return;
  const emailHash = createHash('sha256').update(email).digest('base64url');
  if (!(await take(`forgotPassword#email#${emailHash}`, RESET_MAILS_PER_EMAIL))) return;

  const user = await deps.users.findByEmail(email);
  if (!user || user.enabled === false) return;
  if (user.usedDiscord) {
    await deps.sendMail({
      to: user.email,
      subject: 'Your FitGauge sign-in',
      text: 'Someone asked to reset the password of your FitGauge account. Your account signs in with Discord: use "Sign in with Discord" on the login page. If you did not ask, ignore this e-mail.',
    });
    return;
  }
  const { code, record } = issueResetCode(user.id, now);
  await deps.resetCodes.put(record);
  await deps.sendMail({
    to: user.email,
    subject: 'Your FitGauge password reset code',
    text: `Your FitGauge password reset code is ${code}. It expires in ${RESET_CODE_TTL_SECONDS / 60} minutes. If you did not ask to reset your password, ignore this e-mail.`,
  });
}

/** True when the code is the account's live one; a wrong guess counts against the code's attempts. */
export async function forgotPasswordVerify({ email, code }: { email: string; code: string }, deps: AuthDeps): Promise<boolean> {
  const { user, reserved } = await guessCode(email, code, deps);
  // The right code is still to be used by forgotPasswordFinal: verifying it must not use up a guess.
  await deps.resetCodes.refundGuess(user.id, reserved.codeHash);
  return true;
}

/**
 * Sets the new password with a valid code, spends the code and clears the failed sign-ins (which lifts a sign-in
 * lock). The mailed code proves the mailbox: the profile's `emailVerified` and Cognito's `email_verified` are set.
 */
export async function forgotPasswordFinal({ email, code, password }: z.infer<typeof resetPasswordArgsSchema>, deps: AuthDeps): Promise<boolean> {
  // The field's schema checked the password with the pool's own rules before this runs, so a weak one does not use up
  // an attempt of the code.
  const { user, reserved } = await guessCode(email, code, deps);
  // Spent before the password is set, so two requests with the code cannot both set one.
  if (!(await deps.resetCodes.spend(user.id, reserved.codeHash))) throw new ValidationError(AUTH_ERRORS.invalidCode);
  try {
    await deps.idp.setPassword(user.id, password);
  } catch (error) {
    // Nothing changed: the code goes back, with the right guess given back too, so the user can try another password.
    await deps.resetCodes.restore({ ...reserved, attempts: Math.max(0, reserved.attempts - 1) });
    if (error instanceof PasswordRefusedError) throw new ValidationError(AUTH_ERRORS.passwordRefused);
    throw error;
  }
  await deps.attempts.clear(user.id);
  if (!user.emailVerified) {
    await deps.users.markEmailVerified(user.id, deps.now().toISOString());
    await deps.idp.markEmailVerified(user.id, user.email);
  }
  return true;
}

/**
 * Counts the guess against the account's live code, then checks it: at most RESET_CODE_MAX_ATTEMPTS guesses
 * are ever checked against one code, however many arrive at once.
 */
async function guessCode(email: string, code: string, deps: AuthDeps): Promise<{ user: UserRecord; reserved: ResetCodeRecord }> {
  const user = await deps.users.findByEmail(email);
  const reserved = user ? await deps.resetCodes.reserveGuess(user.id, deps.now(), RESET_CODE_MAX_ATTEMPTS) : null;
  if (reserved === 'attempts-used') throw new ValidationError(AUTH_ERRORS.codeAttemptsUsed);
  if (!user || !reserved || !matchesResetCode(reserved, code)) throw new ValidationError(AUTH_ERRORS.invalidCode);
  return { user, reserved };
}
