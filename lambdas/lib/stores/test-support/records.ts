import { randomUUID } from 'node:crypto';
import type { RelationStores } from '../../authorization-relations';
import { dynamoTeamStore, type MembershipRecord, type TeamRecord } from '../team-store';
import { TransactionRefused } from '../transactions';
import { dynamoUserStore, type UserRecord } from '../user-store';

/**
 * Records for the tests that run on DynamoDB Local (jest project `dynamodb`). Suites share one table and may run in
 * parallel, so each test names its records with fresh ids rather than wiping the table.
 */
const at = '2026-04-01T00:00:00.000Z';

/** `name` -> `<name>-<run>`, the same for the whole test and unique to it. */
export function freshIds(): (name: string) => string {
  const run = randomUUID().slice(0, 8);
  return (name) => `${name}-${run}`;
}

/** A profile as sign-up leaves it; the e-mail is `<id>@fitgauge.test`. */
export function userRecord(id: string, extra: Partial<UserRecord> = {}): UserRecord {
  return {
    id,
    email: `${id}@fitgauge.test`,
    fullName: id,
    username: null,
    avatar: null,
    role: 'GAMER',
    enabled: true,
    selectedTeamId: null,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

export function teamRecord(id: string, ownerId: string, extra: Partial<TeamRecord> = {}): TeamRecord {
  return { id, name: id, description: '', game: 'Valorant', avatar: '', ownerId, createdAt: at, updatedAt: at, ...extra };
}

export const membershipRecord = (teamId: string, userId: string, role: MembershipRecord['role'] = 'GAMER'): MembershipRecord => ({
  teamId,
  userId,
  role,
  joinedAt: at,
});

/**
 * One team (team-1, directed by director-1, with coach-1 and gamer-1) as in-memory relation lookups that list the
 * memberships they read, for the authorization rules' tests of what they read.
 */
export function countingRelations() {
  const team = teamRecord('team-1', 'director-1', { name: 'Owls' });
  const memberships = [membershipRecord(team.id, 'coach-1', 'COACH'), membershipRecord(team.id, 'gamer-1')];
  const reads: string[] = [];
  const stores: RelationStores = {
    get: async (teamId) => (teamId === team.id ? team : null),
    getMembership: async (teamId, userId) => {
      reads.push(userId);
      return memberships.find((one) => one.teamId === teamId && one.userId === userId) ?? null;
    },
    membershipsOfUser: async (userId) => memberships.filter((one) => one.userId === userId),
  };
  return { team, reads, stores };
}

/**
 * Writes these profiles, teams (with the plan's seats and `extraGamerSeats` more each) and memberships through the
 * DynamoDB stores, as sign-up and joining do.
 */
export async function seedRecords({
  users = [],
  teams = [],
  memberships = [],
  extraGamerSeats = 0,
}: {
  users?: UserRecord[];
  teams?: TeamRecord[];
  memberships?: MembershipRecord[];
  extraGamerSeats?: number;
}): Promise<void> {
  await Promise.all(users.map((user) => dynamoUserStore.create(user)));
  // One at a time: a team's seats and its owner's team count are counters that each write changes.
  for (const team of teams) await dynamoTeamStore.create(team, { extraGamerSeats });
  for (const membership of memberships) await dynamoTeamStore.addMember(membership);
}

/** Which condition refused a store's transaction (its label, else the error's name), or 'written' when none did. */
export const refusal = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'written',
    (error: Error) => (error instanceof TransactionRefused ? error.label : error.name),
  );
