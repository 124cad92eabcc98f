import type { DayWindow } from '@core/dates';
import { applyTeamDayDelta, type TeamDayAggregate } from '@core/scoring';
import { keys } from '../db/keys';
import type { Page, PageRequest } from '../db/table';
import { ClaimTakenError } from './account-store';
import type { InviteRecord } from './invite-store';
import type { ResetCodeRecord } from './reset-code-store';
import { DayVersionConflict, type DayWrite, type ScoreHistory, type StoredAnswer, type StoredMemberDay } from './score-store';
import type { Stores } from './stores';
import type { TeamSubscriptionRecord } from './subscription-store';
import type { MembershipRecord, TeamRecord } from './team-store';
import type { UserRecord } from './user-store';

/**
 * The in-memory twin of every store, over one shared state, for unit tests of the rules. It keeps the contract of
 * the DynamoDB stores (lambdas/lib/stores/contract.ts runs the same tests against both): the same order, the same
 * refusals under the same error names, copies rather than live objects.
 */
export interface MemoryState {
  users: Map<string, UserRecord>;
  /** Claim key (`keys.emailClaim(...).pk`, `keys.discordClaim(...).pk`) -> user id. */
  claims: Map<string, string>;
  teams: Map<string, TeamRecord>;
  memberships: MembershipRecord[];
  invites: InviteRecord[];
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
const byText = <T>(textOf: (value: T) => string) => (a: T, b: T) => (textOf(a) < textOf(b) ? -1 : textOf(a) > textOf(b) ? 1 : 0);
const inWindow = (date: string, { startDate, endDate }: DayWindow) => date >= startDate && date <= endDate;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const zoneFields = ['timeZone', 'timeZoneFrom', 'previousTimeZone'] as const;

/** Newest first by creation, `limit` at a time; the cursor is the last listed position. */
function newestPage<T extends { id: string; createdAt: string }>(records: Iterable<T>, { limit, cursor }: PageRequest): Page<T> {
  const position = (record: T) => `${record.createdAt}#${record.id}`;
  const after = cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : null;
  const sorted = [...records].sort(byText(position)).reverse().filter((record) => after === null || position(record) < after);
  const items = sorted.slice(0, limit);
  const more = sorted.length > limit;
  return { items: items.map(copy), cursor: more ? Buffer.from(position(items.at(-1)!)).toString('base64url') : null };
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
    invites: [],
    attempts: new Map(),
    resetCodes: new Map(),
    rateWindows: new Map(),
    signOuts: new Map(),
    answers: new Map(),
    days: new Map(),
    teamDays: new Map(),
    subscriptions: new Map(),
  };
  const dayKey = (userId: string, date: string) => `${userId}|${date}`;
  const answerKey = (userId: string, date: string, slug: string) => `${userId}|${date}|${slug}`;
  const teamDayKey = (teamId: string, date: string) => `${teamId}|${date}`;
  const putAnswer = (answer: StoredAnswer) => state.answers.set(answerKey(answer.userId, answer.date, answer.questionSlug), copy(answer));
  const findMembership = (teamId: string, userId: string) => state.memberships.find((m) => m.teamId === teamId && m.userId === userId);
  const writes: DayWrite[] = [];

  const stores: MemoryStores = {
    state,
    users: {
      get: async (userId) => copy(state.users.get(userId) ?? null),
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
      ownedBy: async (ownerId) => [...state.teams.values()].filter((team) => team.ownerId === ownerId).sort(byText((team) => team.id)).map(copy),
      newest: async (page) => newestPage(state.teams.values(), page),
      getMembership: async (teamId, userId) => copy(findMembership(teamId, userId) ?? null),
      membersOf: async (teamId) => state.memberships.filter((m) => m.teamId === teamId).sort(byText((m) => m.userId)).map(copy),
      membershipsOfUser: async (userId) => state.memberships.filter((m) => m.userId === userId).sort(byText((m) => m.teamId)).map(copy),
      async create(team) {
        if (state.teams.has(team.id)) throw dynamoError('ConditionalCheckFailedException');
        state.teams.set(team.id, copy(team));
      },
      async addMember(membership) {
        if (!state.teams.has(membership.teamId) || findMembership(membership.teamId, membership.userId)) {
          throw dynamoError('TransactionCanceledException');
        }
        state.memberships.push(copy(membership));
      },
    },
    invites: {
      async create(invite) {
        const taken = state.invites.some((i) => i.teamId === invite.teamId && i.id === invite.id);
        if (!state.teams.has(invite.teamId) || taken) throw dynamoError('TransactionCanceledException');
        state.invites.push({ ...copy(invite), inviteeEmail: invite.inviteeEmail.toLowerCase() });
      },
      async pendingFor(email) {
        return state.invites
          .filter((invite) => invite.inviteeEmail.toLowerCase() === email.toLowerCase() && invite.status === 'PENDING')
          .sort(byText((invite) => invite.createdAt))
          .map(copy);
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
      get: async (teamId) => copy(state.subscriptions.get(teamId) ?? null),
      async create(subscription) {
        if (state.subscriptions.has(subscription.teamId)) throw dynamoError('ConditionalCheckFailedException');
        state.subscriptions.set(subscription.teamId, copy(subscription));
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
        if ((state.days.get(dayKey(day.userId, day.date))?.version ?? null) !== write.expectedVersion || zoneChanged) {
          throw new DayVersionConflict();
        }
        writes.push(copy(write));
        state.days.set(dayKey(day.userId, day.date), copy(day));
        write.answers.forEach(putAnswer);
        for (const slug of write.removedQuestionSlugs) state.answers.delete(answerKey(day.userId, day.date, slug));
        for (const teamId of write.teamIds) {
          const key = teamDayKey(teamId, day.date);
          if (write.teamDelta) state.teamDays.set(key, applyTeamDayDelta(state.teamDays.get(key) ?? null, write.teamDelta));
        }
        if (userZone.next) state.users.set(day.userId, { ...user, ...userZone.next, updatedAt: day.updatedAt });
      },
      async importHistory(history: ScoreHistory) {
        history.answers.forEach(putAnswer);
        for (const day of history.days) state.days.set(dayKey(day.userId, day.date), copy(day));
        for (const { teamId, aggregate } of history.teamDays) state.teamDays.set(teamDayKey(teamId, aggregate.date), copy(aggregate));
      },
    },
  };
  return stores;
}
