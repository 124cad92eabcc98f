import { AUTH_ERRORS, forgotPasswordEmailSchema, resetCodeArgsSchema, resetPasswordArgsSchema } from '@core/validation/auth';
import { ValidationError } from '../lib/errors';
import { parseInput } from '../lib/validation';
import type { UserRecord } from '../lib/stores/user-store';
import type { AuthDeps } from './deps';
import { checkResetCode, issueResetCode, RESET_CODE_TTL_SECONDS } from './reset-code';

/**
 * Sends a reset code to the account's e-mail. Always answers true, so the answer does not tell
 * whether an account exists; unknown and disabled accounts get no mail.
 */
export async function forgotPassword(input: { email: unknown }, deps: AuthDeps): Promise<boolean> {
  const { email } = parseInput(forgotPasswordEmailSchema, input);
  const user = await deps.users.findByEmail(email);
  if (!user || user.enabled === false) return true;
  if (user.usedDiscord) {
    await deps.sendMail({
      to: user.email,
      subject: 'Your FitGauge sign-in',
      text: 'Someone asked to reset the password of your FitGauge account. Your account signs in with Discord: use "Sign in with Discord" on the login page. If you did not ask, ignore this e-mail.',
    });
    return true;
  }
  const { code, record } = issueResetCode(user.id, deps.now());
  await deps.resetCodes.put(record);
  await deps.sendMail({
    to: user.email,
    subject: 'Your FitGauge password reset code',
    text: `Your FitGauge password reset code is ${code}. It expires in ${RESET_CODE_TTL_SECONDS / 60} minutes. If you did not ask to reset your password, ignore this e-mail.`,
  });
  return true;
}

/** True when the code is the account's live one; a wrong guess counts against the code's attempts. */
export async function forgotPasswordVerify(input: { email: unknown; code: unknown }, deps: AuthDeps): Promise<boolean> {
  const { email, code } = parseInput(resetCodeArgsSchema, input);
  await verifiedCode(email, code, deps);
  return true;
}

/** Sets the new password with a valid code, spends the code and clears the failed sign-ins. */
export async function forgotPasswordFinal(
  input: { email: unknown; code: unknown; password: unknown },
  deps: AuthDeps,
): Promise<boolean> {
  // The password is checked first, so a weak one does not use up an attempt of the code.
  const { email, code, password } = parseInput(resetPasswordArgsSchema, input);
  const { user, codeHash } = await verifiedCode(email, code, deps);
  if (!(await deps.resetCodes.spend(user.id, codeHash))) throw new ValidationError(AUTH_ERRORS.invalidCode);
  await deps.idp.setPassword(user.id, password);
  await deps.attempts.clear(user.id);
  return true;
}

async function verifiedCode(email: string, code: string, deps: AuthDeps): Promise<{ user: UserRecord; codeHash: string }> {
  const user = await deps.users.findByEmail(email);
  const record = user ? await deps.resetCodes.get(user.id) : null;
  const check = checkResetCode(record, code, deps.now());
  if (user && record && check === 'valid') return { user, codeHash: record.codeHash };
  if (check === 'attempts-used') throw new ValidationError(AUTH_ERRORS.codeAttemptsUsed);
  if (user && record && check === 'wrong') await deps.resetCodes.addFailedAttempt(user.id, record.codeHash);
  throw new ValidationError(AUTH_ERRORS.invalidCode);
}
