import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { scoreDayUnder } from '@core/user-zone';
import type { teamWithStatsArgsSchema } from '@core/score-api';
import {
  listMembers,
  type MemberListQuery,
  mayManageMember,
  relationsManaging,
  seatsUsedLabel,
  TEAM_MESSAGES,
  type TeamForm,
  type teamUpdateSchema,
} from '@core/teams';
import type { Caller } from '../lib/appsync';
import { teamRelations } from '../lib/authorization-relations';
import { ConflictError, NotFoundError, PaymentRequiredError, UnauthorizedError, ValidationError } from '../lib/errors';
import type { TeamSubscriptionCheck } from '../lib/gql/schema-types';
import type { MembershipRecord, TeamRecord } from '../lib/stores/team-store';
import { TransactionRefused } from '../lib/stores/transactions';
import { userView } from '../lib/stores/user-store';
import { subscriptionOf } from '@core/billing/subscription-reasons';
import { isSubscriptionRunning } from '@core/billing/plans';
import { scoreCardOf } from '../lib/score-card';
import type { TeamDeps } from './deps';

/*
 * The team rules (docs/teams.md). Each gets its call's arguments parsed and, where the field names a team or a user,
 * that team or user already authorized by the field's policy row (./fields.ts).
 */

/** The team with one page of its members (with their profiles) and its owner; `profiles` has every profile read. */
async function teamPage(team: TeamRecord, query: MemberListQuery, deps: TeamDeps) {
  const memberships = await deps.teams.membersOf(team.id);
  const profiles = new Map((await deps.users.getMany([team.ownerId, ...memberships.map((m) => m.userId)])).map((user) => [user.id, user]));
  // A member whose account was deleted has no profile left to show.
  const listed = memberships.flatMap((membership) => {
    const user = profiles.get(membership.userId);
    return user ? [{ ...membership, fullName: user.fullName, username: user.username, email: user.email, avatar: user.avatar }] : [];
  });
  const { items, total } = listMembers(listed, query);
  const owner = profiles.get(team.ownerId);
  return { view: { ...team, members: items, membersCount: total, TeamOwner: owner ? userView(owner) : null }, profiles };
}

/** The Team fields the team item answers by itself; `members`, `membersCount` and `TeamOwner` need the member reads. */
const TEAM_ITEM_FIELDS = new Set(['__typename', 'id', 'name', 'description', 'game', 'avatar', 'ownerId', 'createdAt', 'updatedAt']);

/**
 * Whether a selection asks only for fields of the team item. It is read from AppSync's selectionSetGraphQL
 * (`{ name }`) rather than its selectionSetList, which names an aliased field by its alias alone (`{ name: membersCount }`
 * would pass for `name`): any selection that is not a plain list of those names (an alias, a fragment, a directive, or
 * none given) reads the members.
 */
function asksTeamItemOnly(selection: string | undefined): boolean {
  const names = /^\{([\w\s,]*)\}$/
    .exec(selection?.trim() ?? '')?.[1]
    .split(/[\s,]+/)
    .filter(Boolean);
  return names !== undefined && names.length > 0 && names.every((name) => TEAM_ITEM_FIELDS.has(name));
}

/**
 * A team with its members filtered, ordered and paged, and its owner; the team item alone when `selection` (the
 * field's selectionSetGraphQL) asks for nothing more, which spares the members' Query and their profiles' BatchGetItem.
 */
export async function teamWithMembers(team: TeamRecord, query: MemberListQuery, selection: string | undefined, deps: TeamDeps) {
  if (asksTeamItemOnly(selection)) return team;
  return (await teamPage(team, query, deps)).view;
}

/**
 * The team-with-stats variant (docs/teams.md, "Operations"): `team`'s page of members, each with his score card on
 * `currentDate` (his own current score day when left out) and his answer to `questionSlug` that day. For the team's
 * staff, as its statistics are: per listed member one Query of his latest days and one GetItem of the answer
 * (data-model.md #49).
 */
export async function teamWithStats(
  team: TeamRecord,
  { currentDate, questionSlug, ...query }: Omit<z.infer<typeof teamWithStatsArgsSchema>, 'teamId'>,
  deps: TeamDeps,
  now = deps.now(),
) {
  const { view, profiles } = await teamPage(team, query, deps);
  const members = await Promise.all(
    view.members.map(async (member) => {
      const day = currentDate ?? scoreDayUnder(profiles.get(member.userId)!, now).date;
      const [latestScore, answer] = await Promise.all([
        scoreCardOf(member.userId, day, deps.scores),
        questionSlug ? deps.scores.answer(member.userId, day, questionSlug) : null,
      ]);
      return { ...member, latestScore, answer };
    }),
  );
  return { ...view, members };
}

/** A profile, for the user himself, the director or a coach of a team he is in, and admins (spec: user by where). */
export async function userById(userId: string, deps: TeamDeps) {
  const user = await deps.users.get(userId);
  if (!user) throw new NotFoundError(TEAM_MESSAGES.userNotFound);
  return userView(user);
}

export async function verifyTeamSubscription(team: TeamRecord, deps: TeamDeps): Promise<TeamSubscriptionCheck> {
  const subscription = await deps.subscriptions.teamSubscription(team.id);
  return { id: team.id, status: isSubscriptionRunning(subscription, deps.now()) ? 'active' : 'inActive' };
}

export async function teamSeats(team: TeamRecord, deps: TeamDeps) {
  const [counts, seats] = await Promise.all([deps.teams.seats(team.id), deps.subscriptions.seatsOf(team.id)]);
  if (!counts) throw new NotFoundError(TEAM_MESSAGES.teamNotFound);
  return {
    teamId: team.id,
    gamerSeats: counts.gamerSeats,
    gamersUsed: counts.gamers,
    coachSeats: counts.coachSeats,
    coachesUsed: counts.coaches,
    label: seatsUsedLabel(counts.gamers, counts.gamerSeats),
    seats,
  };
}

export async function deleteTeamSeat(team: TeamRecord, seatId: string, deps: TeamDeps): Promise<boolean> {
  // Stripe's quantity goes down first, so a seat webhook running meanwhile never adds the seat back (docs/billing.md);
  // afterwards it is set to the seats left, which also settles a refusal or a concurrent removal.
  await deps.billSeats(team.id, -1);
  try {
    await deps.subscriptions.deleteSeat(team.id, seatId);
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    await deps.billSeats(team.id);
    if (error.label === 'seat') throw new NotFoundError(TEAM_MESSAGES.seatNotFound);
    throw new ConflictError(TEAM_MESSAGES.seatInUse);
  }
  await deps.billSeats(team.id);
  return true;
}

/** The oldest of the caller's unused team-dashboard purchases that still runs, the one createTeam spends. */
async function unusedPurchase(caller: Caller, deps: TeamDeps) {
  const now = deps.now();
  return (await deps.subscriptions.unusedPurchases(caller.sub)).find((candidate) => isSubscriptionRunning(candidate, now));
}

/** Whether createTeam would find a purchase to spend: the team creation page explains the pricing page without one. */
export async function hasUnusedDashboardPurchase(caller: Caller, deps: TeamDeps): Promise<boolean> {
  return (await unusedPurchase(caller, deps)) !== undefined;
}

/** A director creates a team with the oldest of their unused, running team-dashboard purchases. */
export async function createTeam(caller: Caller, data: TeamForm, deps: TeamDeps): Promise<TeamRecord> {
  // A new team has no upload yet: its avatar is set by confirmAvatarUpload once it exists (docs/teams.md).
  if (data.avatar !== '') throw new ValidationError(TEAM_MESSAGES.avatarNotUploaded);
  const purchase = await unusedPurchase(caller, deps);
  if (!purchase) throw new PaymentRequiredError(TEAM_MESSAGES.noUnusedPurchase);
  const at = deps.now().toISOString();
  const team: TeamRecord = { id: randomUUID(), ...data, ownerId: caller.sub, createdAt: at, updatedAt: at };
  try {
    await deps.teams.create(team, { also: deps.subscriptions.spendPurchase(purchase, team.id, at) });
  } catch (error) {
    if (error instanceof TransactionRefused && error.label === 'purchase') throw new ConflictError(TEAM_MESSAGES.purchaseTaken);
    throw error;
  }
  return team;
}

export async function updateTeam(team: TeamRecord, data: z.infer<typeof teamUpdateSchema>, deps: TeamDeps): Promise<TeamRecord> {
  // Only an image checked by confirmAvatarUpload becomes an avatar: updateTeam may remove it or keep it, not point it elsewhere.
  if (data.avatar !== undefined && data.avatar !== '' && data.avatar !== team.avatar) throw new ValidationError(TEAM_MESSAGES.avatarNotUploaded);
  const updated = await deps.teams.update(team.id, data, deps.now().toISOString());
  if (!updated) throw new NotFoundError(TEAM_MESSAGES.teamNotFound);
  return updated;
}

/**
 * Deletes a team with its memberships, invites and codes in one transaction, while its director owns 2 or more teams.
 * Its statistics stay behind in the table, out of every reader's reach: each reader authorizes on the team item.
 */
export async function deleteTeam(team: TeamRecord, deps: TeamDeps): Promise<TeamRecord> {
  try {
    await deps.teams.delete(team, await deps.invites.keysOfTeam(team.id));
  } catch (error) {
    if (error instanceof TransactionRefused && error.label === 'owner') throw new ConflictError(TEAM_MESSAGES.deleteNeedsTwoTeams);
    if (error instanceof TransactionRefused && error.label === 'team') throw new NotFoundError(TEAM_MESSAGES.teamNotFound);
    if (error instanceof TransactionRefused && error.label === 'members') throw new ConflictError(TEAM_MESSAGES.deleteRaced);
    throw error;
  }
  await deps.announceMembersChanged({ teamId: team.id, userId: null, change: 'teamDeleted', at: deps.now().toISOString() });
  return team;
}

/** Ends a membership, frees its seat and tells the team's open pages; a membership ended meanwhile is reported as not found. */
async function endMembership(membership: MembershipRecord, deps: TeamDeps, notFound: string, change: 'left' | 'removed'): Promise<void> {
  try {
    await deps.teams.removeMember(membership);
  } catch (error) {
    if (error instanceof TransactionRefused) throw new NotFoundError(notFound);
    throw error;
  }
  await deps.announceMembersChanged({ teamId: membership.teamId, userId: membership.userId, change, at: deps.now().toISOString() });
}

/**
 * Leaves one team, or without a team every team the caller plays in as a gamer (the pricing page's Leave Team). Leaving
 * all ends each membership on its own and leaves every team it can: a membership that ended meanwhile (removed by
 * the director, its team deleted) is already what the caller asked for, and does not keep the other teams.
 * Leaving the last team ends a reason that team gave (docs/billing.md); the answer is the caller's reason and label.
 */
export async function leaveTeam(caller: Caller, teamId: string | null | undefined, deps: TeamDeps) {
  if (teamId) {
    const membership = await deps.teams.getMembership(teamId, caller.sub);
    if (!membership) throw new NotFoundError(TEAM_MESSAGES.notAMember);
    await endMembership(membership, deps, TEAM_MESSAGES.notAMember, 'left');
  } else {
    const leaving = (await deps.teams.membershipsOfUser(caller.sub)).filter((membership) => membership.role === 'GAMER');
    const results = await Promise.allSettled(leaving.map((membership) => endMembership(membership, deps, TEAM_MESSAGES.notAMember, 'left')));
    const failure = results.find(
      (result): result is PromiseRejectedResult => result.status === 'rejected' && !(result.reason instanceof NotFoundError),
    );
    if (failure) throw failure.reason;
  }
  if ((await deps.teams.membershipsOfUser(caller.sub)).length === 0) await deps.users.endTeamSubscriptionReason(caller.sub, deps.now().toISOString());
  return { id: caller.sub, ...subscriptionOf((await deps.users.get(caller.sub))?.appSubscriptionReason) };
}

/** The director removes a gamer or the coach, a coach removes a gamer (management map), admins either. */
export async function removeTeamMember(caller: Caller, team: TeamRecord, userId: string, deps: TeamDeps): Promise<boolean> {
  const membership = await deps.teams.getMembership(team.id, userId);
  if (!membership) throw new NotFoundError(TEAM_MESSAGES.memberNotFound);
  if (!mayManageMember(await teamRelations(caller, team, relationsManaging(membership.role), deps.teams), membership.role))
    throw new UnauthorizedError(TEAM_MESSAGES.notYourRoleToManage);
  await endMembership(membership, deps, TEAM_MESSAGES.memberNotFound, 'removed');
  return true;
}
