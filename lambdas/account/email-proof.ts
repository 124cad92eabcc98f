/** Proving the account's mailbox with a mailed code (docs/accounts.md, "Proving your mailbox"). */
import {
  EMAIL_PROOF_CODE_LENGTH,
  EMAIL_PROOF_GUESSES_PER_HOUR,
  EMAIL_PROOF_MAIL_SUBJECT,
  EMAIL_PROOF_MAILS_PER_HOUR,
  EMAIL_PROOF_MAX_ATTEMPTS,
  EMAIL_PROOF_MESSAGES,
  EMAIL_PROOF_TTL_SECONDS,
} from '@core/email-proof';
import type { Caller } from '../lib/appsync';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { hashOneTimeCode, newCodeSalt, newDigitCode, oneTimeCodeMatches } from '../lib/one-time-codes';
import { addressSubject } from '../lib/stores/rate-limit-store';
import type { EmailProofRecord } from './store';
import type { AccountDeps } from './deps';

/** The account and the address a code proves: its hash is bound to that account's mailbox. */
const boundTo = (userId: string, email: string) => `${userId}:${email}`;

const HOUR_SECONDS = 60 * 60;

const matches = (record: EmailProofRecord, code: string) =>
  oneTimeCodeMatches(record.codeHash, boundTo(record.userId, record.email), code, record.salt);

/**
 * Mails a new 6-digit code to the account's e-mail, replacing any earlier one. At most EMAIL_PROOF_MAILS_PER_HOUR mails
 * an hour per address (one conditional ADD on the address's hash, so a deleted and re-made account shares them); over
 * it the earlier code stays valid and the answer says so.
 */
export async function sendEmailProof(caller: Caller, deps: AccountDeps): Promise<boolean> {
  const user = await deps.users.get(caller.sub);
  if (!user) throw new NotFoundError('User not found.');
  if (user.emailVerified) throw new ConflictError(EMAIL_PROOF_MESSAGES.alreadyProven);
  const now = deps.now();
  const email = user.email.toLowerCase();
  if (!(await deps.rateLimits.take(addressSubject('sendEmailProof', email), EMAIL_PROOF_MAILS_PER_HOUR, HOUR_SECONDS, now))) {
    throw new ValidationError(EMAIL_PROOF_MESSAGES.tooManyMails);
  }
  const code = newDigitCode(EMAIL_PROOF_CODE_LENGTH);
  const salt = newCodeSalt();
  await deps.emailProofs.put({
    userId: user.id,
    email,
    codeHash: hashOneTimeCode(boundTo(user.id, email), code, salt),
    salt,
    attempts: 0,
    expiresAt: Math.floor(now.getTime() / 1000) + EMAIL_PROOF_TTL_SECONDS,
    createdAt: now.toISOString(),
  });
  await deps.sendMail({
    to: user.email,
    subject: EMAIL_PROOF_MAIL_SUBJECT,
    text: `Your FitGauge e-mail confirmation code is ${code}. It expires in ${EMAIL_PROOF_TTL_SECONDS / 60} minutes. If you did not ask for it, ignore this e-mail.`,
  });
  return true;
}

/**
 * Checks the code (the guess counted first for the address, EMAIL_PROOF_GUESSES_PER_HOUR an hour whichever account
 * sends it, then for the code, so parallel guesses cannot pass EMAIL_PROOF_MAX_ATTEMPTS), spends it with a conditional
 * delete (one use however many arrive at once), then marks the e-mail proven in the profile and in Cognito.
 */
export async function proveEmail(caller: Caller, code: string, deps: AccountDeps): Promise<boolean> {
  const user = await deps.users.get(caller.sub);
  if (!user) throw new NotFoundError('User not found.');
  if (!(await deps.rateLimits.take(addressSubject('proveEmail', user.email), EMAIL_PROOF_GUESSES_PER_HOUR, HOUR_SECONDS, deps.now()))) {
    throw new ValidationError(EMAIL_PROOF_MESSAGES.tooManyGuesses);
  }
  const reserved = await deps.emailProofs.reserveGuess(user.id, deps.now(), EMAIL_PROOF_MAX_ATTEMPTS);
  if (reserved === 'attempts-used') throw new ValidationError(EMAIL_PROOF_MESSAGES.attemptsUsed);
  // A code mailed to an address the account no longer has proves nothing about the current one.
  if (!reserved || reserved.email !== user.email.toLowerCase() || !matches(reserved, code))
    throw new ValidationError(EMAIL_PROOF_MESSAGES.codeInvalid);
  if (!(await deps.emailProofs.spend(user.id, reserved.codeHash))) throw new ValidationError(EMAIL_PROOF_MESSAGES.codeInvalid);
  const at = deps.now().toISOString();
  // Cognito first: the profile's flag is what the API trusts, so a failure in between leaves the account unproven.
  await deps.markCognitoEmailVerified(user.id, user.email);
  await deps.users.markEmailVerified(user.id, at);
  return true;
}
