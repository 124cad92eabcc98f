import { ACCOUNT_DELETION_MAILS_PER_ADDRESS, ACCOUNT_MESSAGES, EXPORT_EXCLUDED_KINDS, EXPORTED_INVITE_FIELDS } from '@core/account';
import type { Caller } from '../lib/appsync';
import { type Item, withoutKeys } from '../lib/db/table';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { logger } from '../lib/observability';
import { addressSubject } from '../lib/stores/rate-limit-store';
import { answersOfDay, memberDayItem } from '../lib/stores/score-store';
import type { AccountDeps } from './deps';

/** The kinds a reader looks for first lead the export; any other kind follows in name order. */
const LEADING_KINDS = ['User', 'Membership', 'Invite', 'Answer', 'MemberDay'];

const USER_NOT_FOUND = 'User not found. Please sign up';

/**
 * Everything stored about the caller, by kind: his whole partition (profile, answers, day scores, notifications,
 * payments, purchases... and any kind added later), his memberships and, once his e-mail is proven, the invites sent to
 * it. Only items found by his own keys, so nothing of another user's can be in it; a reset code's hash is left out (a
 * credential), and an invite shows only what receivedInvites shows: never its team code, a bearer secret of the team's
 * staff and the invitee's mailbox (docs/teams.md, Who sees a team code).
 */
export async function myDataExport(caller: Caller, deps: AccountDeps) {
  const profile = await deps.users.get(caller.sub);
  if (!profile) throw new NotFoundError(USER_NOT_FOUND);
  const [own, memberships, invites] = await Promise.all([
    deps.userPartitionItems(caller.sub),
    deps.teams.membershipsOfUser(caller.sub),
    // An unproven e-mail may be someone else's: its invites are not the caller's to see (as receivedInvites).
    profile.emailVerified ? deps.invitesToEmail(profile.email) : [],
  ]);
  const byKind = new Map<string, unknown[]>();
  const add = (kind: string, record: unknown) => byKind.set(kind, [...(byKind.get(kind) ?? []), record]);
  for (const item of own) {
    const kind = String(item.type ?? 'Other');
    if (EXPORT_EXCLUDED_KINDS.includes(kind)) continue;
    if (kind !== memberDayItem.type) {
      add(kind, withoutKeys<Item>(item));
      continue;
    }
    // A day keeps its answers (docs/data-model.md, "Score items"): the export lists them one record each, as the API does.
    const day = memberDayItem.decode(item);
    for (const answer of answersOfDay(day)) add('Answer', answer);
    add(kind, day);
  }
  for (const membership of memberships) add('Membership', membership);
  for (const invite of invites)
    add('Invite', Object.fromEntries(EXPORTED_INVITE_FIELDS.filter((field) => field in invite).map((field) => [field, invite[field]])));
  const rank = (kind: string) => (LEADING_KINDS.includes(kind) ? LEADING_KINDS.indexOf(kind) : LEADING_KINDS.length);
  const kinds = [...byKind.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return {
    userId: caller.sub,
    generatedAt: deps.now().toISOString(),
    sections: kinds.map((name) => ({ name, records: JSON.stringify(byKind.get(name)) })),
  };
}

/**
 * The caller deletes his own account (docs/accounts.md): he types its e-mail to confirm; refused, changing nothing,
 * while he owns a team whose subscription runs. Then deleteUserData removes everything, and a confirmation goes to
 * the e-mail. A deletion cut short is finished by the same call again (deleteUserData is resumable); the web app
 * signs the user out once it answers.
 */
export async function deleteAccount(caller: Caller, email: string, deps: AccountDeps): Promise<boolean> {
  const profile = await deps.users.get(caller.sub);
  if (!profile) throw new NotFoundError(USER_NOT_FOUND);
  if (profile.email.toLowerCase() !== email.toLowerCase()) throw new ValidationError(ACCOUNT_MESSAGES.emailMismatch);
  const blocking = await deps.teamsBlockingDeletion(caller.sub, deps.now());
  if (blocking.length > 0) throw new ConflictError(ACCOUNT_MESSAGES.ownsRunningTeam(blocking.map((team) => team.name)));
  await deps.deleteUserData(caller.sub, deps.now());
  const { limit, windowSeconds } = ACCOUNT_DELETION_MAILS_PER_ADDRESS;
  // Counted per address, so signing up with someone's address and deleting again cannot mail him without end.
  if (!(await deps.rateLimits.take(addressSubject('accountDeleted', profile.email), limit, windowSeconds, deps.now()))) return true;
  try {
    await deps.sendMail({
      to: profile.email,
      subject: 'Your FitGauge account was deleted',
      text: [
        // The name is whatever the account typed: only an account that proved the mailbox has it mailed there.
        `Hello${profile.fullName && profile.emailVerified ? ` ${profile.fullName}` : ''},`,
        '',
        'Your FitGauge account and everything stored about it (profile, answers, scores, team memberships, avatar) were deleted as you asked.',
        `You can sign up again with this e-mail at any time: ${deps.appUrl()}/auth/signup`,
      ].join('\n'),
    });
  } catch (error) {
    // The account is gone either way; a lost confirmation must not make the caller retry a finished deletion.
    logger.error('account deletion confirmation not sent', { error: error as Error });
  }
  return true;
}
