import { primaryRole } from '@core/roles';
import type { Caller } from '../../lib/appsync';
import type { MembershipRecord, TeamRecord } from '../../lib/stores/team-store';
import type { UserRecord } from '../../lib/stores/user-store';

/**
 * Records for scoring's tests, which run on the stores' in-memory twin (`memoryStores` of lambdas/lib/stores/memory.ts,
 * held to the DynamoDB stores' contract in lambdas/lib/stores/test-support/contract.ts).
 */
const at = '2026-04-01T00:00:00.000Z';

export function user(id: string, timeZone: string | null = null): UserRecord {
  return {
    id,
    email: `${id}@fitgauge.test`,
    fullName: id,
    username: id,
    avatar: null,
    role: 'GAMER',
    enabled: true,
    selectedTeamId: null,
    timeZone,
    createdAt: at,
    updatedAt: at,
  };
}

export function team(id: string, ownerId: string): TeamRecord {
  return { id, name: id, description: '', game: 'Valorant', avatar: '', ownerId, createdAt: at, updatedAt: at };
}

export const membership = (teamId: string, userId: string, role: 'GAMER' | 'COACH' = 'GAMER'): MembershipRecord => ({
  teamId,
  userId,
  role,
  joinedAt: at,
});

export const caller = (sub: string, groups: string[] = ['GAMER']): Caller => ({ sub, email: null, groups, role: primaryRole(groups) });
