import { z } from 'zod';

/**
 * Proving a mailbox (docs/accounts.md, "Proving your mailbox"): the texts and argument schemas shared by the account
 * Lambda and the web dialog, and the rule that a trial or a coupon needs a proven mailbox.
 */
export const EMAIL_PROOF_CODE_LENGTH = 6;
/** How long a mailed code works and how many guesses are ever checked against it. */
export const EMAIL_PROOF_TTL_SECONDS = 30 * 60;
export const EMAIL_PROOF_MAX_ATTEMPTS = 5;
/**
 * Codes mailed to one address, and guesses sent for one address, an hour (fixed window). Counted per address (hashed),
 * not per account, so deleting the account and signing up again with the address does not start them again.
 */
export const EMAIL_PROOF_MAILS_PER_HOUR = 3;
export const EMAIL_PROOF_GUESSES_PER_HOUR = 15;

/** The errorType of a call refused until the mailbox is proven (the web then offers the code dialog). */
export const EMAIL_NOT_PROVEN = 'EmailNotProven';

export const EMAIL_PROOF_MESSAGES = {
  /** Refusal of startTrial (and what the web shows before offering the code dialog). */
  needed: 'Please confirm your e-mail address first: we send you a code.',
  /** The coupon dialog's reason on /activate/coupon: once confirmed, the coupon applies at once. */
  neededForCoupon: 'Confirm your e-mail address and the coupon applies to your account at once.',
  codeInvalid: 'Invalid or expired code.',
  attemptsUsed: 'Too many attempts. Please request a new code.',
  tooManyGuesses: 'Too many attempts for this e-mail address this hour. Please try again later.',
  tooManyMails: 'We already sent you several codes this hour. Please use the last one or try again later.',
  alreadyProven: 'Your e-mail address is already confirmed.',
  proven: 'Your e-mail address is confirmed.',
} as const;

export const EMAIL_PROOF_MAIL_SUBJECT = 'Your FitGauge e-mail confirmation code';

export const proveEmailArgsSchema = z.object({
  code: z
    .string({ error: EMAIL_PROOF_MESSAGES.codeInvalid })
    .trim()
    .max(EMAIL_PROOF_CODE_LENGTH * 4, { message: EMAIL_PROOF_MESSAGES.codeInvalid, abort: true })
    .regex(new RegExp(`^\\d{${EMAIL_PROOF_CODE_LENGTH}}$`), EMAIL_PROOF_MESSAGES.codeInvalid),
});
