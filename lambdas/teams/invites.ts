import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { roleLabel } from '@core/roles';
import { looksLikeLink } from '@core/validation/link-rules';
import {
  INVITES_PER_ADDRESS_PER_DAY,
  INVITES_PER_SENDER_PER_DAY,
  type inviteFormSchema,
  mayManageMember,
  relationsManaging,
  seatsFullMessage,
  TEAM_CODE_ALPHABET,
  TEAM_CODE_LENGTH,
  TEAM_MESSAGES,
} from '@core/teams';
import type { Caller } from '../lib/appsync';
import { teamRelations } from '../lib/authorization-relations';
import { ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors';
import type { TeamInvite } from '../lib/gql/schema-types';
import type { InviteRecord, TeamCodeRecord } from '../lib/stores/invite-store';
import type { TeamRecord } from '../lib/stores/team-store';
import { TransactionRefused } from '../lib/stores/transactions';
import { type UserRecord, userView } from '../lib/stores/user-store';
import type { TeamDeps } from './deps';

export const newTeamCode = () => Array.from({ length: TEAM_CODE_LENGTH }, () => TEAM_CODE_ALPHABET[randomInt(TEAM_CODE_ALPHABET.length)]).join('');

/** Where the invitee answers: coaches on the coach portal's invites tab, gamers on the team-invite page. */
const answerPath = (role: InviteRecord['role']) => (role === 'COACH' ? '/home/coach-portal?tab=team-invite' : '/home/team-invite');

/**
 * The invite's links carry its one-time code, the proof that the reader owns the mailbox (docs/teams.md): the answer
 * page with `code`, and the sign-up page with `invite` (the code), `email` and, for a coach invite, `role=COACH`.
 */
function inviteLinks(invite: Pick<InviteRecord, 'role' | 'inviteeEmail'>, code: string, appUrl: string) {
  const answer = `${appUrl}${answerPath(invite.role)}`;
  const signUp = new URLSearchParams({ invite: code, email: invite.inviteeEmail, ...(invite.role === 'COACH' ? { role: 'COACH' } : {}) });
  return {
    answer: `${answer}${answer.includes('?') ? '&' : '?'}${new URLSearchParams({ code })}`,
    signUp: `${appUrl}/auth/signup?${signUp}`,
  };
}

/**
 * A name as an e-mail may show it: quoted, and left out when it reads like a link (names stored before the rule, or a
 * Discord name). Names typed into the product are refused with a link already (core/validation, noLinks).
 */
const quotedName = (name: string | null | undefined) => (name && !looksLikeLink(name) ? `"${name}"` : null);

/**
 * The invite mail. The subject names only the team, quoted (a team name is 2 to 20 characters without links); the
 * sender's name, chosen by whoever signs up, appears in the text as a quoted name, never in the subject (docs/teams.md).
 */
function inviteMail(invite: InviteRecord, team: TeamRecord, inviterName: string | null, code: string, appUrl: string) {
  const links = inviteLinks(invite, code, appUrl);
  const teamName = quotedName(team.name) ?? 'a team';
  const inviter = quotedName(inviterName);
  return {
    to: invite.inviteeEmail,
    subject: `Invitation to join the team ${teamName} on FitGauge`,
    text: [
      `Hi${quotedName(invite.inviteeName) ? ` ${invite.inviteeName}` : ''},`,
      '',
      `${inviter ? `The team member named ${inviter}` : 'A team member'} invited you to join the team ${teamName} on FitGauge as a ${roleLabel(invite.role)}.`,
      `Accept or decline the invite here: ${links.answer}`,
      `New to FitGauge? Sign up with this e-mail address (${invite.inviteeEmail}) here and the invite is waiting for you: ${links.signUp}`,
      `Or, signed in with this e-mail address, join with the team code ${code}. The code works only for this e-mail address.`,
    ].join('\n'),
  };
}

const DAY_SECONDS = 86_400;

/**
 * Counts one invite mail against the sender's and the address's daily allowance (UTC days, atomic counters of the
 * rate-limit store); the sender first, so a refused sender does not use up the address's allowance.
 */
async function takeInviteAllowance(senderId: string, email: string, deps: TeamDeps): Promise<void> {
  const now = deps.now();
  if (!(await deps.rateLimits.take(`sendInvite#sender#${senderId}`, INVITES_PER_SENDER_PER_DAY, DAY_SECONDS, now))) {
    throw new ConflictError(TEAM_MESSAGES.invitesPerSenderPerDay);
  }
  const emailHash = createHash('sha256').update(email.toLowerCase()).digest('base64url');
  if (!(await deps.rateLimits.take(`sendInvite#email#${emailHash}`, INVITES_PER_ADDRESS_PER_DAY, DAY_SECONDS, now))) {
    throw new ConflictError(TEAM_MESSAGES.invitesPerAddressPerDay);
  }
}

/** The caller's profile: invites are addressed to its e-mail (access tokens carry no e-mail claim). */
async function profileOf(caller: Caller, deps: TeamDeps): Promise<UserRecord> {
  const user = await deps.users.get(caller.sub);
  if (!user) throw new NotFoundError('User not found. Please sign up');
  return user;
}

/**
 * The pending invites addressed to the caller's e-mail, once the account proved it owns that mailbox: sign-up never
 * checks an e-mail, so an account whose e-mail is unproven sees and answers none (it joins with the mailed code).
 */
async function provenInvitesOf(caller: Caller, deps: TeamDeps): Promise<InviteRecord[]> {
  const user = await profileOf(caller, deps);
  return user.emailVerified ? deps.invites.pendingFor(user.email) : [];
}

/** Invites the owner or a coach sends: the e-mail must not be a member or hold a pending invite, and a seat must be free. */
export async function sendInvite(
  caller: Caller,
  team: TeamRecord,
  { inviteeName, inviteeEmail, role }: z.infer<typeof inviteFormSchema>,
  deps: TeamDeps,
): Promise<InviteRecord & { Team: TeamRecord }> {
  if (!mayManageMember(await teamRelations(caller, team, relationsManaging(role), deps.teams), role))
    throw new UnauthorizedError(TEAM_MESSAGES.notYourRoleToManage);
  const invitee = await deps.users.findByEmail(inviteeEmail);
  if (invitee && (invitee.id === team.ownerId || (await deps.teams.getMembership(team.id, invitee.id)))) {
    throw new ConflictError(TEAM_MESSAGES.alreadyMember);
  }
  const seats = await deps.teams.seats(team.id);
  const [used, limit] = role === 'GAMER' ? [seats?.gamers ?? 0, seats?.gamerSeats ?? 0] : [seats?.coaches ?? 0, seats?.coachSeats ?? 0];
  if (used >= limit) throw new ConflictError(seatsFullMessage(role, limit));
  await takeInviteAllowance(caller.sub, inviteeEmail, deps);

  const at = deps.now().toISOString();
  const invite: InviteRecord = {
    id: randomUUID(),
    teamId: team.id,
    inviteeEmail,
    inviteeName,
    inviterUserId: caller.sub,
    role,
    status: 'PENDING',
    createdAt: at,
    updatedAt: at,
  };
  const code = await storeWithFreshCode(invite, deps);
  const inviter = await deps.users.get(caller.sub);
  await deps.sendMail(inviteMail(invite, team, inviter?.fullName ?? null, code.code, deps.appUrl()));
  return { ...invite, code: code.code, Team: team };
}

/** Tries of a new code when the one drawn is taken (one in about 8.5e11 per existing code). */
const CODE_TRIES = 3;

/** Stores the invite with a code no other invite holds, drawing again when a code is taken. */
async function storeWithFreshCode(invite: InviteRecord, deps: TeamDeps): Promise<TeamCodeRecord> {
  for (let attempt = 1; ; attempt += 1) {
    const code: TeamCodeRecord = {
      id: randomUUID(),
      code: deps.newTeamCode(),
      teamId: invite.teamId,
      inviteId: invite.id,
      email: invite.inviteeEmail,
      used: false,
      accepted: false,
      userId: null,
      createdAt: invite.createdAt,
    };
    try {
      await deps.invites.create(invite, code);
      return code;
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      if (error.label === 'pending') throw new ConflictError(TEAM_MESSAGES.alreadyInvited);
      if (error.label === 'team') throw new NotFoundError(TEAM_MESSAGES.teamNotFound);
      if (error.label !== 'code' || attempt >= CODE_TRIES) throw new ConflictError(TEAM_MESSAGES.codeUnavailable);
    }
  }
}

/**
 * Joins the invite's team: one transaction takes a seat, writes the membership and moves the invite from PENDING to
 * ACCEPTED (and its code to used), so two concurrent accepts give one membership and seats are never exceeded.
 */
async function join(caller: Caller, invite: InviteRecord, deps: TeamDeps): Promise<TeamRecord> {
  // A coach membership lets its holder read the team's statistics: it goes to coach accounts only (docs/teams.md).
  if (invite.role === 'COACH' && !caller.groups.includes('COACH')) throw new UnauthorizedError(TEAM_MESSAGES.coachInviteNeedsCoach);
  const at = deps.now().toISOString();
  try {
    await deps.teams.addMember(
      { teamId: invite.teamId, userId: caller.sub, role: invite.role, joinedAt: at },
      deps.invites.answerItems(invite, 'ACCEPTED', { userId: caller.sub }, at),
    );
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    if (error.label === 'team') throw new NotFoundError(TEAM_MESSAGES.teamNotFound);
    if (error.label === 'membership') throw new ConflictError(TEAM_MESSAGES.youAlreadyJoined);
    if (error.label === 'seats') {
      const seats = await deps.teams.seats(invite.teamId);
      throw new ConflictError(seatsFullMessage(invite.role, (invite.role === 'GAMER' ? seats?.gamerSeats : seats?.coachSeats) ?? 0));
    }
    throw new ConflictError(TEAM_MESSAGES.inviteAnswered);
  }
  await deps.announceMembersChanged({ teamId: invite.teamId, userId: caller.sub, change: 'joined', at });
  const team = await deps.teams.get(invite.teamId);
  if (!team) throw new NotFoundError(TEAM_MESSAGES.teamNotFound);
  return team;
}

/** A pending invite addressed to the caller's proven e-mail. */
async function pendingInviteOf(caller: Caller, inviteId: string, deps: TeamDeps): Promise<InviteRecord> {
  const invite = (await provenInvitesOf(caller, deps)).find((candidate) => candidate.id === inviteId);
  if (!invite) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
  return invite;
}

export async function acceptInvite(caller: Caller, inviteId: string, deps: TeamDeps): Promise<TeamInvite> {
  const invite = await pendingInviteOf(caller, inviteId, deps);
  const team = await join(caller, invite, deps);
  return { ...invite, status: 'ACCEPTED', Team: team };
}

export async function rejectInvite(caller: Caller, inviteId: string, deps: TeamDeps): Promise<TeamInvite> {
  const invite = await pendingInviteOf(caller, inviteId, deps);
  try {
    await deps.invites.reject(invite, deps.now().toISOString());
  } catch (error) {
    if (error instanceof TransactionRefused) throw new ConflictError(TEAM_MESSAGES.inviteAnswered);
    throw error;
  }
  return { ...invite, status: 'REJECTED', Team: await deps.teams.get(invite.teamId) };
}

/**
 * An unused code joins its invite's team for the account of the e-mail it was mailed to, and no other (docs/teams.md,
 * The team-code model): holding the code proves that mailbox, so the account's e-mail becomes proven and later invites
 * to it show up without a code. A coach code needs a coach account.
 */
export async function joinTeamWithCode(caller: Caller, teamCode: string, deps: TeamDeps): Promise<TeamRecord> {
  const code = await deps.invites.codeOf(teamCode);
  if (!code) throw new NotFoundError(TEAM_MESSAGES.codeNotFound);
  const invite = await deps.invites.get(code.teamId, code.inviteId);
  if (code.used || invite?.status !== 'PENDING') throw new ConflictError(TEAM_MESSAGES.codeUsed);
  const user = await profileOf(caller, deps);
  if (user.email.toLowerCase() !== code.email.toLowerCase()) throw new UnauthorizedError(TEAM_MESSAGES.codeForAnotherEmail);
  const team = await join(caller, invite, deps);
  if (!user.emailVerified) await deps.users.markEmailVerified(user.id, deps.now().toISOString());
  return team;
}

/** The owner withdraws any invite of the team, a coach the gamer invites (management map). */
export async function deleteTeamInvite(caller: Caller, team: TeamRecord, inviteId: string, deps: TeamDeps): Promise<boolean> {
  const invite = await deps.invites.get(team.id, inviteId);
  if (!invite) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
  if (!mayManageMember(await teamRelations(caller, team, relationsManaging(invite.role), deps.teams), invite.role))
    throw new UnauthorizedError(TEAM_MESSAGES.notYourRoleToManage);
  try {
    await deps.invites.delete(invite);
  } catch (error) {
    if (error instanceof TransactionRefused) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
    throw error;
  }
  return true;
}

export async function teamInvites(team: TeamRecord, deps: TeamDeps) {
  return (await deps.invites.ofTeam(team.id)).reverse().map((invite) => ({ ...invite, Team: team }));
}

/** The caller's pending invites (on a proven e-mail) with their teams and inviters; invites of deleted teams are left out. */
export async function receivedInvites(caller: Caller, deps: TeamDeps) {
  const invites = await provenInvitesOf(caller, deps);
  const teams = new Map(
    (await Promise.all([...new Set(invites.map((i) => i.teamId))].map((id) => deps.teams.get(id)))).flatMap((t) => (t ? [[t.id, t] as const] : [])),
  );
  const inviters = new Map((await deps.users.getMany(invites.map((i) => i.inviterUserId))).map((user) => [user.id, userView(user)]));
  return invites.flatMap((invite) => {
    const team = teams.get(invite.teamId);
    // The code stays out: only the mail and the team's staff (getTeamCodes) see it (docs/teams.md).
    const { code: _code, ...shown } = invite;
    return team ? [{ ...shown, Team: team, TeamInviter: inviters.get(invite.inviterUserId) ?? null }] : [];
  });
}

export async function receivedInviteByTeam(caller: Caller, teamId: string, deps: TeamDeps) {
  return (await receivedInvites(caller, deps)).find((invite) => invite.teamId === teamId) ?? null;
}
