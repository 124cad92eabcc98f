import { z } from 'zod';
import { emailAddress } from './validation/fields';

/** The account page (docs/accounts.md, "The account page"): texts and the rules its forms share with the server. */
export const ACCOUNT_MESSAGES = {
  emailRequired: 'Type the e-mail of your account to confirm.',
  emailInvalid: 'Type a valid e-mail address.',
  emailMismatch: 'That is not the e-mail of your account.',
  deleted: 'Your account was deleted.',
  /** Refusal while the user owns a team whose subscription runs: deleting would leave its gamers without their dashboard. */
  ownsRunningTeam: (teamNames: readonly string[]) =>
    `You own ${teamNames.join(', ')} with an active subscription. Cancel its subscription (or wait for it to end) before you delete your account.`,
} as const;

/** Confirmations of a deleted account mailed to one address (fixed window; the deletion itself is never refused). */
export const ACCOUNT_DELETION_MAILS_PER_ADDRESS = { limit: 3, windowSeconds: 24 * 60 * 60 } as const;

/** deleteAccount's argument: the account's e-mail, typed to confirm (compared lower-cased). */
export const deleteAccountArgsSchema = z.object({
  email: emailAddress({ required: ACCOUNT_MESSAGES.emailRequired, invalid: ACCOUNT_MESSAGES.emailInvalid }),
});

/** Item kinds the data export leaves out: a password-reset or e-mail proof code's hash is a credential, not data about the user. */
export const EXPORT_EXCLUDED_KINDS: readonly string[] = ['ResetCode', 'EmailProof'];

/**
 * What the export shows of an invite to the user's e-mail: what receivedInvites shows (docs/teams.md), never its
 * one-time code, which only the mail and the team's staff (getTeamCodes) may see. Listed only once the account proved
 * its e-mail, as receivedInvites.
 */
export const EXPORTED_INVITE_FIELDS = [
  'id',
  'teamId',
  'inviteeEmail',
  'inviteeName',
  'inviterUserId',
  'role',
  'status',
  'createdAt',
  'updatedAt',
] as const;
