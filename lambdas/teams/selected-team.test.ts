import type { Caller } from '../lib/appsync';
import type { RelationStores } from '../lib/authorization-relations';
import type { MembershipRecord, TeamRecord } from '../lib/stores/team-store';
import type { UserRecord, UserStore } from '../lib/stores/user-store';
import { getSelectedTeam, setSelectedTeam } from './selected-team';

const at = '2026-11-01T00:00:00.000Z';
const team: TeamRecord = { id: 't1', name: 'Night Owls', description: '', game: 'Valorant', avatar: '', ownerId: 'director', createdAt: at, updatedAt: at };

function user(id: string): UserRecord {
  return { id, email: `${id}@fitgauge.test`, fullName: id, username: null, avatar: null, role: null, enabled: true, selectedTeamId: null, createdAt: at, updatedAt: at };
}

// In-memory stores standing in for DynamoDB: these tests are about who may select which team.
function stores(memberships: MembershipRecord[]) {
  const users = new Map(['director', 'gamer', 'outsider', 'admin'].map((id) => [id, user(id)]));
  const userStore: Pick<UserStore, 'get' | 'setSelectedTeam'> = {
    get: async (id) => users.get(id) ?? null,
    setSelectedTeam: async (id, teamId) => {
      users.set(id, { ...users.get(id)!, selectedTeamId: teamId });
    },
  };
  const teamStore: RelationStores = {
    get: async (id) => (id === team.id ? team : null),
    getMembership: async (teamId, userId) => memberships.find((m) => m.teamId === teamId && m.userId === userId) ?? null,
    membershipsOfUser: async (userId) => memberships.filter((m) => m.userId === userId),
  };
  return { users: userStore, teams: teamStore };
}

const caller = (sub: string, groups: string[] = []): Caller => ({ sub, email: null, groups, role: null });
const gamerMembership: MembershipRecord = { teamId: 't1', userId: 'gamer', role: 'GAMER', joinedAt: at };

describe('team selection', () => {
  it('lets the owner, a member and an admin select the team and restores it', async () => {
    const s = stores([gamerMembership]);
    for (const who of [caller('director'), caller('gamer'), caller('admin', ['ADMIN'])]) {
      await expect(setSelectedTeam(who, 't1', s)).resolves.toMatchObject({ teamId: 't1', team: { name: 'Night Owls' } });
      await expect(getSelectedTeam(who, s)).resolves.toMatchObject({ userId: who.sub, teamId: 't1' });
    }
  });

  it('refuses a user outside the team and leaves their choice unchanged', async () => {
    const s = stores([gamerMembership]);
    await expect(setSelectedTeam(caller('outsider'), 't1', s)).rejects.toMatchObject({ name: 'Unauthorized' });
    await expect(getSelectedTeam(caller('outsider'), s)).resolves.toEqual({ userId: 'outsider', teamId: null, team: null });
  });

  it('does not restore a team the user has since left', async () => {
    const memberships = [gamerMembership];
    const s = stores(memberships);
    await setSelectedTeam(caller('gamer'), 't1', s);
    memberships.pop();
    await expect(getSelectedTeam(caller('gamer'), s)).resolves.toMatchObject({ teamId: null });
  });

  it('answers NotFound for an unknown team', async () => {
    await expect(setSelectedTeam(caller('director'), 'nope', stores([]))).rejects.toMatchObject({ name: 'NotFound' });
  });
});
