import type { Caller } from '../lib/appsync';
import { memoryStores } from '../lib/stores/memory';
import type { MembershipRecord, TeamRecord } from '../lib/stores/team-store';
import type { UserRecord } from '../lib/stores/user-store';
import { getSelectedTeam, setSelectedTeam } from './selected-team';

const at = '2026-11-01T00:00:00.000Z';
const team: TeamRecord = {
  id: 't1',
  name: 'Night Owls',
  description: '',
  game: 'Valorant',
  avatar: '',
  ownerId: 'director',
  createdAt: at,
  updatedAt: at,
};

function user(id: string): UserRecord {
  return {
    id,
    email: `${id}@fitgauge.test`,
    fullName: id,
    username: null,
    avatar: null,
    role: null,
    enabled: true,
    selectedTeamId: null,
    createdAt: at,
    updatedAt: at,
  };
}

// The stores' in-memory twin: these tests are about who may select which team.
function stores(memberships: MembershipRecord[]) {
  return memoryStores({ users: ['director', 'gamer', 'outsider', 'admin'].map(user), teams: [team], memberships });
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
    const s = stores([gamerMembership]);
    await setSelectedTeam(caller('gamer'), 't1', s);
    s.state.memberships.pop();
    await expect(getSelectedTeam(caller('gamer'), s)).resolves.toMatchObject({ teamId: null });
  });

  it('refuses an unknown team as it refuses a team the caller is not in, so team ids cannot be probed', async () => {
    const s = stores([]);
    const refusalOf = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (error: Error) => ({ name: error.name, message: error.message }),
      );
    const unknown = await refusalOf(setSelectedTeam(caller('director'), 'nope', s));
    expect(unknown).toMatchObject({ name: 'Unauthorized' });
    expect(unknown).toEqual(await refusalOf(setSelectedTeam(caller('gamer'), 't1', s)));
    // Admins may use every team: they are told it does not exist.
    await expect(setSelectedTeam(caller('admin', ['ADMIN']), 'nope', s)).rejects.toMatchObject({ name: 'NotFound' });
  });
});
