import { BY_TEAM_REASONS, SUBSCRIPTION_REASONS, type SubscriptionReason } from '@core/billing/subscription-reasons';
import type { DayWindow } from '@core/dates';
import { applyTeamDayDelta, type TeamDayAggregate } from '@core/scoring';
import { keys } from '../db/keys';
import { INVALID_CURSOR, type Page, type PageRequest } from '../db/table';
import { ValidationError } from '../errors';
import { ClaimTakenError } from './account-store';
import { TEAM_PLAN } from '@core/teams';
import type { InviteRecord, TeamCodeRecord } from './invite-store';
import { byCreation, type CommentRecord, type ReadinessAlertRecord } from './journal-store';
import type { ResetCodeRecord } from './reset-code-store';
import { DayVersionConflict, type DayWrite, type ScoreHistory, type StoredAnswer, type StoredMemberDay } from './score-store';
import type { Stores } from './stores';
import { type DashboardPurchase, type SeatRecord, subscriptionOfPurchase, type TeamSubscriptionRecord } from './subscription-store';
import { type MembershipRecord, SEAT_COUNTERS, type TeamRecord, type TeamSeatCounts } from './team-store';
import { type TransactItem, TransactionRefused } from './transactions';
import type { UserRecord } from './user-store';

/**
 * The in-memory twin of every store, over one shared state, for unit tests of the rules. It keeps the contract of
 * the DynamoDB stores (lambdas/lib/stores/test-support/contract.ts runs the same tests against both): the same order, the same
 * refusals under the same error names, copies rather than live objects.
 */
export interface MemoryState {
  users: Map<string, UserRecord>;
  /** Claim key (`keys.emailClaim(...).pk`, `keys.discordClaim(...).pk`) -> user id. */
  claims: Map<string, string>;
  teams: Map<string, TeamRecord>;
  memberships: MembershipRecord[];
  /** Team id -> seats of the plan and extra ones, and seats taken. */
  seats: Map<string, TeamSeatCounts>;
  /** Director id -> how many teams they own. */
  ownedTeams: Map<string, number>;
  invites: InviteRecord[];
  /** `<teamId>|<e-mail>` -> the id of that e-mail's pending invite to the team. */
  pendingInvites: Map<string, string>;
  /** Code -> the one-time team code. */
  codes: Map<string, TeamCodeRecord>;
  /** `<userId>|<subscriptionId>` -> a team-dashboard purchase. */
  purchases: Map<string, DashboardPurchase>;
  /** `<teamId>|<seatId>` -> an extra gamer seat. */
  extraSeats: Map<string, SeatRecord>;
  /** User id -> the live count of reserved sign-in tries. */
  attempts: Map<string, { failures: number; expiresAt: number }>;
  resetCodes: Map<string, ResetCodeRecord>;
  /** `<subject>@<window start>` -> uses counted in that window. */
  rateWindows: Map<string, number>;
  /** User id -> epoch second of the last sign-out. */
  signOuts: Map<string, number>;
  answers: Map<string, StoredAnswer>;
  days: Map<string, StoredMemberDay>;
  teamDays: Map<string, TeamDayAggregate>;
  subscriptions: Map<string, TeamSubscriptionRecord>;
  /** Comment id -> the journal comment. */
  comments: Map<string, CommentRecord>;
  /** `<userId>|<teamId>` -> unread journal notifications. */
  unread: Map<string, number>;
  /** `<teamId>|<day>|<gamerId>` -> the readiness alert. */
  alerts: Map<string, ReadinessAlertRecord>;
  /** `<recipientId>|<day>|<gamerId>` of the readiness-alert e-mails claimed. */
  alertMails: Set<string>;
}

export type MemoryStores = Stores & {
  state: MemoryState;
  scores: Stores['scores'] & {
    /** Every check-in write, in order. */
    writes: DayWrite[];
    teamDay(teamId: string, date: string): TeamDayAggregate | undefined;
  };
};

/** An error with the name the DynamoDB SDK gives the same refusal. */
const dynamoError = (name: 'ConditionalCheckFailedException' | 'TransactionCanceledException') =>
  Object.assign(new Error(`${name} (in-memory store)`), { name });

const copy = <T>(value: T): T => structuredClone(value);
const byText =
  <T>(textOf: (value: T) => string) =>
  (a: T, b: T) =>
    textOf(a) < textOf(b) ? -1 : textOf(a) > textOf(b) ? 1 : 0;
const inWindow = (date: string, { startDate, endDate }: DayWindow) => date >= startDate && date <= endDate;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const zoneFields = ['timeZone', 'timeZoneFrom', 'previousTimeZone'] as const;

/** Newest first by creation, `limit` at a time; the cursor is the last listed position. */
function newestPage<T extends { id: string; createdAt: string }>(records: Iterable<T>, { limit, cursor }: PageRequest): Page<T> {
  const position = (record: T) => `${record.createdAt}#${record.id}`;
  const after = cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : null;
  // As DynamoDB's stores do, a cursor this listing did not give out is refused.
  if (after !== null && !/^\d{4}-\d\d-\d\dT[^#]*#[^#]+$/.test(after)) throw new ValidationError(INVALID_CURSOR);
  const sorted = [...records]
    .sort(byText(position))
    .reverse()
    .filter((record) => after === null || position(record) < after);
  const items = sorted.slice(0, limit);
  const more = sorted.length > limit;
  return { items: items.map(copy), cursor: more ? Buffer.from(position(items.at(-1)!)).toString('base64url') : null };
}

/** One item of an in-memory transaction: its condition, read before anything is written, and its write. */
interface MemoryStep {
  label: string;
  holds?: () => boolean;
  write?: () => void;
}

/** Like `transact`: TransactionRefused with the label of the first failing condition and nothing written, or every write. */
function memoryTransact(steps: MemoryStep[]): void {
  const refused = steps.find((step) => step.holds && !step.holds());
  if (refused) throw new TransactionRefused(refused.label);
  for (const step of steps) step.write?.();
}

/** What a test starts from: these profiles, teams and memberships, as if written earlier. */
export interface MemorySeed {
  users?: UserRecord[];
  teams?: TeamRecord[];
  memberships?: MembershipRecord[];
}

export function memoryStores(seed: MemorySeed = {}): MemoryStores {
  const state: MemoryState = {
    users: new Map((seed.users ?? []).map((user) => [user.id, copy(user)])),
    claims: new Map(),
    teams: new Map((seed.teams ?? []).map((team) => [team.id, copy(team)])),
    memberships: (seed.memberships ?? []).map(copy),
    // Seeded teams have the plan's seats, taken by their seeded members, and count for their owners.
    seats: new Map(
      (seed.teams ?? []).map((team) => {
        const members = (seed.memberships ?? []).filter((m) => m.teamId === team.id);
        const taken = (role: MembershipRecord['role']) => members.filter((m) => m.role === role).length;
        return [team.id, { gamerSeats: TEAM_PLAN.gamerSeats, gamers: taken('GAMER'), coachSeats: TEAM_PLAN.coachSeats, coaches: taken('COACH') }];
      }),
    ),
    ownedTeams: (seed.teams ?? []).reduce((owned, team) => owned.set(team.ownerId, (owned.get(team.ownerId) ?? 0) + 1), new Map<string, number>()),
    invites: [],
    pendingInvites: new Map(),
    codes: new Map(),
    purchases: new Map(),
    extraSeats: new Map(),
    attempts: new Map(),
    resetCodes: new Map(),
    rateWindows: new Map(),
    signOuts: new Map(),
    answers: new Map(),
    days: new Map(),
    teamDays: new Map(),
    subscriptions: new Map(),
    comments: new Map(),
    unread: new Map(),
    alerts: new Map(),
    alertMails: new Set(),
  };
  const dayKey = (userId: string, date: string) => `${userId}|${date}`;
  const answerKey = (userId: string, date: string, slug: string) => `${userId}|${date}|${slug}`;
  const teamDayKey = (teamId: string, date: string) => `${teamId}|${date}`;
  const putAnswer = (answer: StoredAnswer) => state.answers.set(answerKey(answer.userId, answer.date, answer.questionSlug), copy(answer));
  const findMembership = (teamId: string, userId: string) => state.memberships.find((m) => m.teamId === teamId && m.userId === userId);
  const findInvite = (teamId: string, inviteId: string) => state.invites.find((i) => i.teamId === teamId && i.id === inviteId);
  const pendingKey = (teamId: string, email: string) => `${teamId}|${email.toLowerCase()}`;
  const purchaseKey = (userId: string, subscriptionId: string) => `${userId}|${subscriptionId}`;
  const seatKey = (teamId: string, seatId: string) => `${teamId}|${seatId}`;
  const writes: DayWrite[] = [];
  const unreadKey = (userId: string, teamId: string) => `${userId}|${teamId}`;
  /** The ADD 1 on each person's unread count in the team, once per person. */
  const notifySteps = (teamId: string, notify: readonly string[]): MemoryStep[] =>
    [...new Set(notify)].map((userId) => ({
      label: 'notify',
      write: () => void state.unread.set(unreadKey(userId, teamId), (state.unread.get(unreadKey(userId, teamId)) ?? 0) + 1),
    }));

  /**
   * Items a store hands out to join another store's transaction (an invite answered, a purchase spent). DynamoDB gets
   * their TransactItem; here each stands for its step, so the joining store checks and writes it with its own.
   */
  const joinedSteps = new WeakMap<TransactItem, MemoryStep>();
  const joinable = <L extends string>(step: MemoryStep & { label: L }, Key: { pk: string; sk: string }): { label: L; item: TransactItem } => {
    const item: TransactItem = { ConditionCheck: { TableName: 'in-memory', Key, ConditionExpression: 'in-memory step' } };
    joinedSteps.set(item, step);
    return { label: step.label, item };
  };
  const stepsOf = (also: { label: string; item: TransactItem }[]) =>
    also.map(({ item }) => {
      const step = joinedSteps.get(item);
      if (!step) throw new Error('This transaction item was not made by this in-memory world');
      return step;
    });

  /** Takes (+1) or frees (-1) a seat of the role, as the seat counter's conditional update does. */
  const seatStep = (teamId: string, role: MembershipRecord['role'], change: 1 | -1): MemoryStep => {
    const { used, limit } = SEAT_COUNTERS[role];
    return {
      label: 'seats',
      holds: () => {
        const seats = state.seats.get(teamId);
        return change > 0 ? seats !== undefined && seats[used] < seats[limit] : seats !== undefined;
      },
      write: () => {
        const seats = state.seats.get(teamId)!;
        seats[used] += change;
      },
    };
  };
  /** What deleting an invite also deletes: its pending guard (while the guard is this invite's) and its code. */
  const inviteLeftovers = (invite: InviteRecord): MemoryStep[] => {
    const pending = pendingKey(invite.teamId, invite.inviteeEmail);
    return [
      ...(invite.status === 'PENDING'
        ? [{ label: 'pending', holds: () => state.pendingInvites.get(pending) === invite.id, write: () => void state.pendingInvites.delete(pending) }]
        : []),
      ...(invite.code ? [{ label: 'code', write: () => void state.codes.delete(invite.code!) }] : []),
    ];
  };

  const stores: MemoryStores = {
    state,
    users: {
      get: async (userId) => copy(state.users.get(userId) ?? null),
      getMany: async (userIds) => [...new Set(userIds)].flatMap((id) => copy(state.users.get(id) ?? [])),
      async findByEmail(email) {
        const wanted = email.toLowerCase();
        return copy([...state.users.values()].find((user) => user.email.toLowerCase() === wanted) ?? null);
      },
      newest: async (page) => newestPage(state.users.values(), page),
      async create(user) {
        if (state.users.has(user.id)) throw dynamoError('ConditionalCheckFailedException');
        state.users.set(user.id, { ...copy(user), email: user.email.toLowerCase() });
      },
      async setSelectedTeam(userId, teamId, at) {
        const user = state.users.get(userId);
        if (!user) throw dynamoError('ConditionalCheckFailedException');
        state.users.set(userId, { ...user, selectedTeamId: teamId, updatedAt: at });
      },
      async setReadinessAlertEmails(userId, enabled, at) {
        const user = state.users.get(userId);
        if (!user) throw dynamoError('ConditionalCheckFailedException');
        state.users.set(userId, { ...user, readinessAlertEmails: enabled, updatedAt: at });
        return copy(state.users.get(userId)!);
      },
      async setAvatar(userId, avatar, at) {
        const user = state.users.get(userId);
        if (!user) throw dynamoError('ConditionalCheckFailedException');
        state.users.set(userId, { ...user, avatar, updatedAt: at });
      },
      async markEmailVerified(userId, at) {
        const user = state.users.get(userId);
        if (!user) throw dynamoError('ConditionalCheckFailedException');
        state.users.set(userId, { ...user, emailVerified: true, updatedAt: at });
      },
      async endTeamSubscriptionReason(userId, at) {
        const user = state.users.get(userId);
        if (user?.appSubscriptionReason && BY_TEAM_REASONS.includes(user.appSubscriptionReason as SubscriptionReason)) {
          state.users.set(userId, { ...user, appSubscriptionReason: SUBSCRIPTION_REASONS.free, updatedAt: at });
        }
      },
    },
    accounts: {
      async create(user) {
        const emailClaim = keys.emailClaim(user.email).pk;
        const discordClaim = user.discordId ? keys.discordClaim(user.discordId).pk : null;
        if (state.users.has(user.id)) throw dynamoError('TransactionCanceledException');
        if (state.claims.has(emailClaim)) throw new ClaimTakenError('email');
        if (discordClaim && state.claims.has(discordClaim)) throw new ClaimTakenError('discord');
        await stores.users.create(user);
        state.claims.set(emailClaim, user.id);
        if (discordClaim) state.claims.set(discordClaim, user.id);
      },
      userIdByDiscordId: async (discordId) => state.claims.get(keys.discordClaim(discordId).pk) ?? null,
    },
    teams: {
      get: async (teamId) => copy(state.teams.get(teamId) ?? null),
      getMany: async (teamIds) => [...new Set(teamIds)].flatMap((id) => copy(state.teams.get(id) ?? [])),
      ownedBy: async (ownerId) =>
        [...state.teams.values()]
          .filter((team) => team.ownerId === ownerId)
          .sort(byText((team) => team.id))
          .map(copy),
      newest: async (page) => newestPage(state.teams.values(), page),
      getMembership: async (teamId, userId) => copy(findMembership(teamId, userId) ?? null),
      membersOf: async (teamId) =>
        state.memberships
          .filter((m) => m.teamId === teamId)
          .sort(byText((m) => m.userId))
          .map(copy),
      membershipsOfUser: async (userId) =>
        state.memberships
          .filter((m) => m.userId === userId)
          .sort(byText((m) => m.teamId))
          .map(copy),
      seats: async (teamId) => copy(state.seats.get(teamId) ?? null),
      async create(team, { extraGamerSeats = 0, also = [] } = {}) {
        memoryTransact([
          { label: 'team', holds: () => !state.teams.has(team.id), write: () => void state.teams.set(team.id, copy(team)) },
          {
            label: 'seats',
            write: () =>
              void state.seats.set(team.id, {
                gamerSeats: TEAM_PLAN.gamerSeats + extraGamerSeats,
                gamers: 0,
                coachSeats: TEAM_PLAN.coachSeats,
                coaches: 0,
              }),
          },
          { label: 'owner', write: () => void state.ownedTeams.set(team.ownerId, (state.ownedTeams.get(team.ownerId) ?? 0) + 1) },
          ...stepsOf(also),
        ]);
      },
      async update(teamId, changes, at) {
        const team = state.teams.get(teamId);
        if (!team) return null;
        const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
        state.teams.set(teamId, { ...team, ...defined, updatedAt: at });
        return copy(state.teams.get(teamId)!);
      },
      async addMember(membership, also = []) {
        memoryTransact([
          { label: 'team', holds: () => state.teams.has(membership.teamId) },
          seatStep(membership.teamId, membership.role, 1),
          {
            label: 'membership',
            holds: () => !findMembership(membership.teamId, membership.userId),
            write: () => void state.memberships.push(copy(membership)),
          },
          ...stepsOf(also),
        ]);
      },
      async removeMember(membership) {
        memoryTransact([
          {
            label: 'membership',
            holds: () => findMembership(membership.teamId, membership.userId) !== undefined,
            write: () => {
              state.memberships = state.memberships.filter((m) => m.teamId !== membership.teamId || m.userId !== membership.userId);
            },
          },
          seatStep(membership.teamId, membership.role, -1),
        ]);
      },
      async delete(team, items) {
        const itemKeys = new Set(items.map(({ pk, sk }) => `${pk}|${sk}`));
        const listed = (key: { pk: string; sk: string }) => itemKeys.has(`${key.pk}|${key.sk}`);
        memoryTransact([
          { label: 'team', holds: () => state.teams.has(team.id), write: () => void state.teams.delete(team.id) },
          {
            label: 'owner',
            holds: () => (state.ownedTeams.get(team.ownerId) ?? 0) >= 2,
            write: () => void state.ownedTeams.set(team.ownerId, state.ownedTeams.get(team.ownerId)! - 1),
          },
          {
            label: 'item',
            write: () => {
              state.seats.delete(team.id);
              state.memberships = state.memberships.filter((m) => m.teamId !== team.id);
              // The other items go when the caller listed them (invites.keysOfTeam, the team's extra seats).
              state.invites = state.invites.filter((i) => !listed(keys.invite(i.teamId, i.id)));
              for (const key of state.pendingInvites.keys()) {
                const [teamId, email] = key.split('|');
                if (listed(keys.pendingInviteGuard(teamId, email))) state.pendingInvites.delete(key);
              }
              for (const code of state.codes.keys()) if (listed(keys.teamCode(code))) state.codes.delete(code);
              for (const [key, seat] of state.extraSeats) if (listed(keys.seat(seat.teamId, seat.id))) state.extraSeats.delete(key);
            },
          },
        ]);
      },
    },
    invites: {
      async create(invite, code) {
        const stored = { ...copy(invite), inviteeEmail: invite.inviteeEmail.toLowerCase(), ...(code ? { code: code.code } : {}) };
        const pending = pendingKey(invite.teamId, invite.inviteeEmail);
        memoryTransact([
          { label: 'team', holds: () => state.teams.has(invite.teamId) },
          { label: 'invite', holds: () => !findInvite(invite.teamId, invite.id), write: () => void state.invites.push(stored) },
          ...(invite.status === 'PENDING'
            ? [{ label: 'pending', holds: () => !state.pendingInvites.has(pending), write: () => void state.pendingInvites.set(pending, invite.id) }]
            : []),
          ...(code ? [{ label: 'code', holds: () => !state.codes.has(code.code), write: () => void state.codes.set(code.code, copy(code)) }] : []),
        ]);
      },
      get: async (teamId, inviteId) => copy(findInvite(teamId, inviteId) ?? null),
      ofTeam: async (teamId) =>
        state.invites
          .filter((i) => i.teamId === teamId)
          .sort(byText((i) => i.createdAt))
          .map(copy),
      async pendingFor(email) {
        return state.invites
          .filter((invite) => invite.inviteeEmail.toLowerCase() === email.toLowerCase() && invite.status === 'PENDING')
          .sort(byText((invite) => invite.createdAt))
          .map(copy);
      },
      codeOf: async (code) => copy(state.codes.get(code) ?? null),
      codesOf: async (teamId) =>
        [...state.codes.values()]
          .filter((c) => c.teamId === teamId)
          .sort(byText((c) => `${c.createdAt}#${c.code}`))
          .map(copy),
      answerItems(invite, answer, { userId }, at) {
        const answered = joinable(
          {
            label: 'invite',
            holds: () => findInvite(invite.teamId, invite.id)?.status === 'PENDING',
            write: () => Object.assign(findInvite(invite.teamId, invite.id)!, { status: answer, updatedAt: at }),
          },
          keys.invite(invite.teamId, invite.id),
        );
        const pending = pendingKey(invite.teamId, invite.inviteeEmail);
        const guard = joinable(
          { label: 'pending', holds: () => state.pendingInvites.get(pending) === invite.id, write: () => void state.pendingInvites.delete(pending) },
          keys.pendingInviteGuard(invite.teamId, invite.inviteeEmail),
        );
        const code = invite.code;
        const codeUsed = code
          ? [
              joinable(
                {
                  label: 'code',
                  holds: () => state.codes.get(code)?.used === false,
                  write: () => Object.assign(state.codes.get(code)!, { used: true, accepted: answer === 'ACCEPTED', userId }),
                },
                keys.teamCode(code),
              ),
            ]
          : [];
        return [answered, guard, ...codeUsed];
      },
      async reject(invite, at) {
        memoryTransact(stepsOf(this.answerItems(invite, 'REJECTED', { userId: null }, at)));
      },
      async delete(invite) {
        memoryTransact([
          {
            label: 'invite',
            holds: () => findInvite(invite.teamId, invite.id) !== undefined,
            write: () => {
              state.invites = state.invites.filter((i) => i.teamId !== invite.teamId || i.id !== invite.id);
            },
          },
          ...inviteLeftovers(invite),
        ]);
      },
      async keysOfTeam(teamId) {
        const invites = state.invites.filter((i) => i.teamId === teamId);
        return [
          ...invites.map((invite) => keys.invite(teamId, invite.id)),
          ...invites.filter((invite) => invite.status === 'PENDING').map((invite) => keys.pendingInviteGuard(teamId, invite.inviteeEmail)),
          ...[...state.codes.values()].filter((code) => code.teamId === teamId).map((code) => keys.teamCode(code.code)),
        ];
      },
    },
    attempts: {
      async reserveTry(userId, now, expiresAt, limit) {
        const found = state.attempts.get(userId);
        const live = found && found.expiresAt > epochSeconds(now) ? found.failures : 0;
        if (live >= limit) return null;
        state.attempts.set(userId, { failures: live + 1, expiresAt });
        return live + 1;
      },
      clear: async (userId) => void state.attempts.delete(userId),
    },
    resetCodes: {
      put: async (record) => void state.resetCodes.set(record.userId, copy(record)),
      async reserveGuess(userId, now, maxGuesses) {
        const record = state.resetCodes.get(userId);
        if (!record || record.expiresAt <= epochSeconds(now)) return null;
        if (record.attempts >= maxGuesses) return 'attempts-used';
        record.attempts += 1;
        return copy(record);
      },
      async refundGuess(userId, codeHash) {
        const record = state.resetCodes.get(userId);
        if (record?.codeHash === codeHash && record.attempts > 0) record.attempts -= 1;
      },
      async spend(userId, codeHash) {
        if (state.resetCodes.get(userId)?.codeHash !== codeHash) return false;
        return state.resetCodes.delete(userId);
      },
      async restore(record) {
        if (!state.resetCodes.has(record.userId)) state.resetCodes.set(record.userId, copy(record));
      },
    },
    rateLimits: {
      async take(subject, limit, windowSeconds, now) {
        const seconds = epochSeconds(now);
        const key = `${subject}@${seconds - (seconds % windowSeconds)}`;
        const hits = state.rateWindows.get(key) ?? 0;
        if (hits >= limit) return false;
        state.rateWindows.set(key, hits + 1);
        return true;
      },
    },
    signOuts: {
      signedOutAt: async (userId) => state.signOuts.get(userId) ?? null,
      async signOut(userId, at) {
        state.signOuts.set(userId, Math.max(state.signOuts.get(userId) ?? 0, epochSeconds(at)));
      },
    },
    subscriptions: {
      async addPurchase(purchase) {
        if (state.purchases.has(purchaseKey(purchase.userId, purchase.id))) throw dynamoError('ConditionalCheckFailedException');
        state.purchases.set(purchaseKey(purchase.userId, purchase.id), copy(purchase));
      },
      async unusedPurchases(userId) {
        return [...state.purchases.values()]
          .filter((purchase) => purchase.userId === userId && purchase.teamId === undefined)
          .sort(byText((purchase) => purchase.createdAt))
          .map(copy);
      },
      spendPurchase(purchase, teamId, at) {
        const key = purchaseKey(purchase.userId, purchase.id);
        const subscription = subscriptionOfPurchase(purchase, teamId, at);
        return [
          joinable(
            {
              label: 'purchase',
              holds: () => state.purchases.has(key) && state.purchases.get(key)!.teamId === undefined,
              write: () => {
                state.purchases.get(key)!.teamId = teamId;
                state.subscriptions.set(teamId, subscription);
              },
            },
            keys.dashboardPurchase(purchase.userId, purchase.id),
          ),
        ];
      },
      teamSubscription: async (teamId) => copy(state.subscriptions.get(teamId) ?? null),
      async createTeamSubscription(subscription) {
        if (state.subscriptions.has(subscription.teamId)) throw dynamoError('ConditionalCheckFailedException');
        state.subscriptions.set(subscription.teamId, copy(subscription));
      },
      putTeamSubscription: async (subscription) => void state.subscriptions.set(subscription.teamId, copy(subscription)),
      async addSeat(seat) {
        memoryTransact([
          {
            label: 'seat',
            holds: () => !state.extraSeats.has(seatKey(seat.teamId, seat.id)),
            write: () => void state.extraSeats.set(seatKey(seat.teamId, seat.id), copy(seat)),
          },
          { label: 'seats', holds: () => state.seats.has(seat.teamId), write: () => void (state.seats.get(seat.teamId)!.gamerSeats += 1) },
        ]);
      },
      seatsOf: async (teamId) =>
        [...state.extraSeats.values()]
          .filter((seat) => seat.teamId === teamId)
          .sort(byText((seat) => seat.id))
          .map(copy),
      async deleteSeat(teamId, seatId) {
        memoryTransact([
          {
            label: 'seat',
            holds: () => state.extraSeats.has(seatKey(teamId, seatId)),
            write: () => void state.extraSeats.delete(seatKey(teamId, seatId)),
          },
          {
            label: 'seats',
            // A seat can go only while one gamer seat is free.
            holds: () => state.seats.has(teamId) && state.seats.get(teamId)!.gamers < state.seats.get(teamId)!.gamerSeats,
            write: () => void (state.seats.get(teamId)!.gamerSeats -= 1),
          },
        ]);
      },
    },
    scores: {
      writes,
      teamDay: (teamId, date) => copy(state.teamDays.get(teamDayKey(teamId, date))),
      async latestDays(userId, limit, through) {
        return [...state.days.values()]
          .filter((day) => day.userId === userId && (!through || day.date <= through))
          .sort(byText((day) => day.date))
          .reverse()
          .slice(0, limit)
          .map(copy);
      },
      async memberDays(userId, window) {
        return [...state.days.values()]
          .filter((day) => day.userId === userId && inWindow(day.date, window))
          .sort(byText((day) => day.date))
          .map(copy);
      },
      async answers(userId, window) {
        return [...state.answers.values()]
          .filter((answer) => answer.userId === userId && inWindow(answer.date, window))
          .sort(byText((answer) => keys.answer(answer.userId, answer.date, answer.questionSlug).sk))
          .map(copy);
      },
      answer: async (userId, date, slug) => copy(state.answers.get(answerKey(userId, date, slug)) ?? null),
      async teamDays(teamId, window) {
        return [...state.teamDays.entries()]
          .filter(([key, aggregate]) => key === teamDayKey(teamId, aggregate.date) && inWindow(aggregate.date, window))
          .map(([, aggregate]) => copy(aggregate))
          .sort(byText((aggregate) => aggregate.date));
      },
      async saveDay(write) {
        const { day, userZone } = write;
        // The transaction's guards: the day's version, and the user's zone fields as they were read.
        const user = state.users.get(day.userId);
        const zoneChanged = !user || zoneFields.some((field) => (user[field] ?? null) !== userZone.read[field]);
        const membershipChanged = write.teamDeltas.some(
          ({ teamId, joinedAt }) => joinedAt !== undefined && findMembership(teamId, day.userId)?.joinedAt !== joinedAt,
        );
        if ((state.days.get(dayKey(day.userId, day.date))?.version ?? null) !== write.expectedVersion || zoneChanged || membershipChanged) {
          throw new DayVersionConflict();
        }
        writes.push(copy(write));
        state.days.set(dayKey(day.userId, day.date), copy(day));
        write.answers.forEach(putAnswer);
        for (const slug of write.removedQuestionSlugs) state.answers.delete(answerKey(day.userId, day.date, slug));
        for (const { teamId, delta } of write.teamDeltas) {
          const key = teamDayKey(teamId, day.date);
          state.teamDays.set(key, applyTeamDayDelta(state.teamDays.get(key) ?? null, delta));
        }
        if (userZone.next) state.users.set(day.userId, { ...user, ...userZone.next, updatedAt: day.updatedAt });
      },
      async importHistory(history: ScoreHistory) {
        history.answers.forEach(putAnswer);
        for (const day of history.days) state.days.set(dayKey(day.userId, day.date), copy(day));
        for (const { teamId, aggregate } of history.teamDays) state.teamDays.set(teamDayKey(teamId, aggregate.date), copy(aggregate));
      },
    },
    journal: {
      get: async (commentId) => copy(state.comments.get(commentId) ?? null),
      async ofDay(teamId, date, userId) {
        return [...state.comments.values()]
          .filter((comment) => comment.teamId === teamId && comment.date === date && (!userId || comment.userId === userId))
          .sort(byCreation)
          .map(copy);
      },
      replies: async (answerTo) =>
        [...state.comments.values()]
          .filter((comment) => comment.answerTo === answerTo)
          .sort(byCreation)
          .map(copy),
      async create(comment, notify) {
        memoryTransact([
          { label: 'comment', holds: () => !state.comments.has(comment.id), write: () => void state.comments.set(comment.id, copy(comment)) },
          ...notifySteps(comment.teamId, notify),
        ]);
      },
      async updateContent(comment, authorId, content, at) {
        const stored = state.comments.get(comment.id);
        if (stored?.authorId !== authorId) return null;
        state.comments.set(comment.id, { ...stored, content, updatedAt: at });
        return copy(state.comments.get(comment.id)!);
      },
      async delete(comment, authorId) {
        if (state.comments.get(comment.id)?.authorId !== authorId) return false;
        return state.comments.delete(comment.id);
      },
      async unreadOf(userId) {
        return [...state.unread.entries()]
          .filter(([key]) => key.startsWith(`${userId}|`))
          .map(([key, unread]) => ({ teamId: key.slice(userId.length + 1), unread }))
          .sort(byText((count) => count.teamId));
      },
      async clearUnread(userId, teamId) {
        if (state.unread.has(unreadKey(userId, teamId))) state.unread.set(unreadKey(userId, teamId), 0);
      },
      async raiseAlert(alert, notify) {
        const key = `${alert.teamId}|${alert.date}|${alert.userId}`;
        try {
          memoryTransact([
            { label: 'alert', holds: () => !state.alerts.has(key), write: () => void state.alerts.set(key, copy(alert)) },
            ...notifySteps(alert.teamId, notify),
          ]);
          return true;
        } catch (error) {
          if (error instanceof TransactionRefused) return false;
          throw error;
        }
      },
      async alertsOf(teamId, date) {
        return [...state.alerts.values()]
          .filter((alert) => alert.teamId === teamId && alert.date === date)
          .sort(byText((alert) => alert.userId))
          .map(copy);
      },
      async claimAlertMail(recipientId, date, userId) {
        const key = `${recipientId}|${date}|${userId}`;
        if (state.alertMails.has(key)) return false;
        state.alertMails.add(key);
        return true;
      },
    },
  };
  return stores;
}
