import type { DayWindow } from '@core/dates';
import { primaryRole } from '@core/roles';
import { applyTeamDayDelta, type TeamDayAggregate } from '@core/scoring';
import type { Caller } from '../../lib/appsync';
import {
  DayVersionConflict,
  type DayWrite,
  type ScoreStore,
  type StoredAnswer,
  type StoredMemberDay,
} from '../../lib/stores/score-store';
import type { MembershipRecord, TeamRecord, TeamStore } from '../../lib/stores/team-store';
import type { UserRecord, UserStore } from '../../lib/stores/user-store';

/**
 * In-memory stand-ins for the stores, for unit tests of the scoring rules (who may read what, what a check-in
 * writes). The DynamoDB implementation is exercised by tests/integration/scoring.test.ts against DynamoDB Local.
 */
const inWindow = (date: string, { startDate, endDate }: DayWindow) => date >= startDate && date <= endDate;
const at = '2026-04-01T00:00:00.000Z';

/** With `users`, a check-in's zone guard and zone change apply to those users, as the DynamoDB transaction does. */
export function memoryScoreStore(
  users?: Map<string, UserRecord>,
): ScoreStore & { writes: DayWrite[]; teamDay(teamId: string, date: string): TeamDayAggregate | undefined } {
  const days = new Map<string, StoredMemberDay>();
  const answers = new Map<string, StoredAnswer>();
  const teamDays = new Map<string, TeamDayAggregate>();
  const dayKey = (userId: string, date: string) => `${userId}|${date}`;
  const answerKey = (userId: string, date: string, slug: string) => `${userId}|${date}|${slug}`;
  const clone = <T>(value: T): T => structuredClone(value);
  const store = {
    writes: [] as DayWrite[],
    teamDay: (teamId: string, date: string) => teamDays.get(`${teamId}|${date}`),
    async latestDays(userId: string, limit: number, through?: string) {
      return [...days.values()]
        .filter((day) => day.userId === userId && (!through || day.date <= through))
        .sort((a, b) => b.date.localeCompare(a.date))
        .slice(0, limit)
        .map(clone);
    },
    async memberDays(userId: string, window: DayWindow) {
      return [...days.values()]
        .filter((day) => day.userId === userId && inWindow(day.date, window))
        .sort((a, b) => a.date.localeCompare(b.date))
        .map(clone);
    },
    async answers(userId: string, window: DayWindow) {
      return [...answers.values()]
        .filter((answer) => answer.userId === userId && inWindow(answer.date, window))
        .sort((a, b) => `${a.date}#${a.questionSlug}`.localeCompare(`${b.date}#${b.questionSlug}`))
        .map(clone);
    },
    async answer(userId: string, date: string, slug: string) {
      return clone(answers.get(answerKey(userId, date, slug)) ?? null);
    },
    async teamDays(teamId: string, window: DayWindow) {
      return [...teamDays.entries()]
        .filter(([key, aggregate]) => key.startsWith(`${teamId}|`) && inWindow(aggregate.date, window))
        .map(([, aggregate]) => clone(aggregate))
        .sort((a, b) => a.date.localeCompare(b.date));
    },
    async saveDay(write: DayWrite) {
      const { day } = write;
      const stored = days.get(dayKey(day.userId, day.date));
      if ((stored?.version ?? null) !== write.expectedVersion) throw new DayVersionConflict();
      const user = users?.get(day.userId);
      if (users && user) {
        const { read, next } = write.userZone;
        const zoneChanged = (['timeZone', 'timeZoneFrom', 'previousTimeZone'] as const).some((field) => (user[field] ?? null) !== read[field]);
        if (zoneChanged) throw new DayVersionConflict();
        if (next) users.set(user.id, { ...user, ...next });
      }
      store.writes.push(clone(write));
      days.set(dayKey(day.userId, day.date), clone(day));
      for (const answer of write.answers) answers.set(answerKey(answer.userId, answer.date, answer.questionSlug), clone(answer));
      for (const slug of write.removedQuestionSlugs) answers.delete(answerKey(day.userId, day.date, slug));
      for (const teamId of write.teamIds) {
        const key = `${teamId}|${day.date}`;
        if (write.teamDelta) teamDays.set(key, applyTeamDayDelta(teamDays.get(key) ?? null, write.teamDelta));
      }
    },
    async importHistory(history: Parameters<ScoreStore['importHistory']>[0]) {
      for (const answer of history.answers) answers.set(answerKey(answer.userId, answer.date, answer.questionSlug), clone(answer));
      for (const day of history.days) days.set(dayKey(day.userId, day.date), clone(day));
      for (const { teamId, aggregate } of history.teamDays) teamDays.set(`${teamId}|${aggregate.date}`, clone(aggregate));
    },
  };
  return store;
}

export function user(id: string, timeZone: string | null = null): UserRecord {
  return { id, email: `${id}@fitgauge.test`, fullName: id, username: id, avatar: null, role: 'GAMER', enabled: true, selectedTeamId: null, timeZone, createdAt: at, updatedAt: at };
}

export function memoryUserStore(users: UserRecord[]): Pick<UserStore, 'get'> & { users: Map<string, UserRecord> } {
  const byId = new Map(users.map((record) => [record.id, record]));
  return { users: byId, get: async (id) => byId.get(id) ?? null };
}

export function memoryTeamStore(teams: TeamRecord[], memberships: MembershipRecord[]): Pick<TeamStore, 'get' | 'getMembership' | 'membersOf' | 'membershipsOfUser'> {
  return {
    get: async (id) => teams.find((team) => team.id === id) ?? null,
    getMembership: async (teamId, userId) => memberships.find((m) => m.teamId === teamId && m.userId === userId) ?? null,
    membersOf: async (teamId) => memberships.filter((m) => m.teamId === teamId),
    membershipsOfUser: async (userId) => memberships.filter((m) => m.userId === userId),
  };
}

export function team(id: string, ownerId: string): TeamRecord {
  return { id, name: id, description: '', game: 'Valorant', avatar: '', ownerId, createdAt: at, updatedAt: at };
}

export const membership = (teamId: string, userId: string, role: 'GAMER' | 'COACH' = 'GAMER'): MembershipRecord => ({ teamId, userId, role, joinedAt: at });

export const caller = (sub: string, groups: string[] = ['GAMER']): Caller => ({ sub, email: null, groups, role: primaryRole(groups) });
