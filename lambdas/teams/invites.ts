import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { roleLabel } from '@core/roles';
import {
  inviteFormSchema,
  mayManageMember,
  seatsFullMessage,
  TEAM_CODE_ALPHABET,
  TEAM_CODE_LENGTH,
  TEAM_MESSAGES,
  teamCodeField,
  teamIdArgsSchema,
} from '@core/teams';
import { boundedId } from '@core/validation/fields';
import type { Caller } from '../lib/appsync';
import { authorizeTeam } from '../lib/authorization';
import { teamRelations } from '../lib/authorization-relations';
import { ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors';
import type { InviteRecord, TeamCodeRecord } from '../lib/stores/invite-store';
import type { TeamRecord } from '../lib/stores/team-store';
import { TransactionRefused } from '../lib/stores/transactions';
import type { UserRecord } from '../lib/stores/user-store';
import { parseInput } from '../lib/validation';
import type { TeamDeps } from './deps';
import { userView } from './teams';

const sendArgs = inviteFormSchema.extend({ teamId: boundedId('teamId') });
const inviteIdArgs = z.object({ inviteId: boundedId('inviteId') });
const deleteArgs = z.object({ id: boundedId('id'), teamId: boundedId('teamId') });
const codeArgs = z.object({ code: teamCodeField });

export const newTeamCode = () => Array.from({ length: TEAM_CODE_LENGTH }, () => TEAM_CODE_ALPHABET[randomInt(TEAM_CODE_ALPHABET.length)]).join('');

/** Where the invitee answers: coaches on the coach portal's invites tab, gamers on the team-invite page. */
const answerPath = (role: InviteRecord['role']) => (role === 'COACH' ? '/home/coach-portal?tab=team-invite' : '/home/team-invite');

function inviteMail(invite: InviteRecord, team: TeamRecord, inviter: string, code: string, appUrl: string) {
  const link = `${appUrl}${answerPath(invite.role)}`;
  return {
    to: invite.inviteeEmail,
    subject: `${inviter} invited you to join ${team.name} on FitGauge`,
    text: [
      `Hi ${invite.inviteeName},`,
      '',
      `${inviter} invited you to join the team ${team.name} on FitGauge as a ${roleLabel(invite.role)}.`,
      `Accept or decline the invite here: ${link}`,
      `New to FitGauge? Sign up with this e-mail address (${invite.inviteeEmail}) and the invite is waiting for you.`,
      `Signed in with another e-mail? Join with the team code ${code}.`,
    ].join('\n'),
  };
}

/** The caller's profile: invites are addressed to its e-mail (access tokens carry no e-mail claim). */
async function profileOf(caller: Caller, deps: TeamDeps): Promise<UserRecord> {
  const user = await deps.users.get(caller.sub);
  if (!user) throw new NotFoundError('User not found. Please sign up');
  return user;
}

/** Invites the owner or a coach sends: the e-mail must not be a member or hold a pending invite, and a seat must be free. */
export async function sendInvite(caller: Caller, args: unknown, deps: TeamDeps): Promise<InviteRecord & { Team: TeamRecord }> {
  const { teamId, inviteeName, inviteeEmail, role } = parseInput(sendArgs, args);
  const team = await authorizeTeam('Mutation.sendInvite', caller, teamId, deps.teams);
  if (!mayManageMember(await teamRelations(caller, team, deps.teams), role)) throw new UnauthorizedError(TEAM_MESSAGES.notYourRoleToManage);
  const invitee = await deps.users.findByEmail(inviteeEmail);
  if (invitee && (invitee.id === team.ownerId || (await deps.teams.getMembership(team.id, invitee.id)))) {
    throw new ConflictError(TEAM_MESSAGES.alreadyMember);
  }
  const seats = await deps.teams.seats(team.id);
  const [used, limit] = role === 'GAMER' ? [seats?.gamers ?? 0, seats?.gamerSeats ?? 0] : [seats?.coaches ?? 0, seats?.coachSeats ?? 0];
  if (used >= limit) throw new ConflictError(seatsFullMessage(role, limit));

  const at = deps.now().toISOString();
  const invite: InviteRecord = { id: randomUUID(), teamId: team.id, inviteeEmail, inviteeName, inviterUserId: caller.sub, role, status: 'PENDING', createdAt: at, updatedAt: at };
  const code: TeamCodeRecord = { id: randomUUID(), code: newTeamCode(), teamId: team.id, inviteId: invite.id, email: inviteeEmail, used: false, accepted: false, userId: null, createdAt: at };
  try {
    await deps.invites.create(invite, code);
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    if (error.label === 'pending') throw new ConflictError(TEAM_MESSAGES.alreadyInvited);
    if (error.label === 'team') throw new NotFoundError(TEAM_MESSAGES.teamNotFound);
    throw error;
  }
  const inviter = await deps.users.get(caller.sub);
  await deps.sendMail(inviteMail(invite, team, inviter?.fullName || inviter?.email || 'Your team', code.code, deps.appUrl()));
  return { ...invite, code: code.code, Team: team };
}

/**
 * Joins the invite's team: one transaction takes a seat, writes the membership and moves the invite from PENDING to
 * ACCEPTED (and its code to used), so two concurrent accepts give one membership and seats are never exceeded.
 */
async function join(caller: Caller, invite: InviteRecord, deps: TeamDeps): Promise<TeamRecord> {
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

/** A pending invite addressed to the caller. */
async function pendingInviteOf(caller: Caller, inviteId: string, deps: TeamDeps): Promise<InviteRecord> {
  const invite = (await deps.invites.pendingFor((await profileOf(caller, deps)).email)).find((candidate) => candidate.id === inviteId);
  if (!invite) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
  return invite;
}

export async function acceptInvite(caller: Caller, args: unknown, deps: TeamDeps) {
  const invite = await pendingInviteOf(caller, parseInput(inviteIdArgs, args).inviteId, deps);
  const team = await join(caller, invite, deps);
  return { ...invite, status: 'ACCEPTED', Team: team };
}

export async function rejectInvite(caller: Caller, args: unknown, deps: TeamDeps) {
  const invite = await pendingInviteOf(caller, parseInput(inviteIdArgs, args).inviteId, deps);
  try {
    await deps.invites.reject(invite, deps.now().toISOString());
  } catch (error) {
    if (error instanceof TransactionRefused) throw new ConflictError(TEAM_MESSAGES.inviteAnswered);
    throw error;
  }
  return { ...invite, status: 'REJECTED', Team: await deps.teams.get(invite.teamId) };
}

/** Whoever holds an unused code joins its invite's team, whatever e-mail the invite went to. */
export async function joinTeamWithCode(caller: Caller, args: unknown, deps: TeamDeps): Promise<TeamRecord> {
  const code = await deps.invites.codeOf(parseInput(codeArgs, args).code);
  if (!code) throw new NotFoundError(TEAM_MESSAGES.codeNotFound);
  const invite = await deps.invites.get(code.teamId, code.inviteId);
  if (code.used || invite?.status !== 'PENDING') throw new ConflictError(TEAM_MESSAGES.codeUsed);
  return join(caller, invite, deps);
}

/** The owner withdraws any invite of the team, a coach the gamer invites (management map). */
export async function deleteTeamInvite(caller: Caller, args: unknown, deps: TeamDeps): Promise<boolean> {
  const { id, teamId } = parseInput(deleteArgs, args);
  const team = await authorizeTeam('Mutation.deleteTeamInvite', caller, teamId, deps.teams);
  const invite = await deps.invites.get(team.id, id);
  if (!invite) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
  if (!mayManageMember(await teamRelations(caller, team, deps.teams), invite.role)) throw new UnauthorizedError(TEAM_MESSAGES.notYourRoleToManage);
  try {
    await deps.invites.delete(invite);
  } catch (error) {
    if (error instanceof TransactionRefused) throw new NotFoundError(TEAM_MESSAGES.inviteNotFound);
    throw error;
  }
  return true;
}

export async function teamInvites(caller: Caller, args: unknown, deps: TeamDeps) {
  const team = await authorizeTeam('Query.teamInvites', caller, parseInput(teamIdArgsSchema, args).teamId, deps.teams);
  return (await deps.invites.ofTeam(team.id)).reverse().map((invite) => ({ ...invite, Team: team }));
}

/** The caller's pending invites with their teams and inviters; invites of deleted teams are left out. */
export async function receivedInvites(caller: Caller, deps: TeamDeps) {
  const invites = await deps.invites.pendingFor((await profileOf(caller, deps)).email);
  const teams = new Map((await Promise.all([...new Set(invites.map((i) => i.teamId))].map((id) => deps.teams.get(id)))).flatMap((t) => (t ? [[t.id, t] as const] : [])));
  const inviters = new Map((await deps.users.getMany(invites.map((i) => i.inviterUserId))).map((user) => [user.id, userView(user)]));
  return invites.flatMap((invite) => {
    const team = teams.get(invite.teamId);
    return team ? [{ ...invite, Team: team, TeamInviter: inviters.get(invite.inviterUserId) ?? null }] : [];
  });
}

export async function receivedInviteByTeam(caller: Caller, args: unknown, deps: TeamDeps) {
  const { teamId } = parseInput(teamIdArgsSchema, args);
  return (await receivedInvites(caller, deps)).find((invite) => invite.teamId === teamId) ?? null;
}
