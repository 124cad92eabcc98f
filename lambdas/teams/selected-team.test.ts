import { type Caller, logger, type ResolverEvent } from '../lib/appsync';
import { createFieldHandler, field } from '../lib/fields';
import { memoryStores } from '../lib/stores/memory';
import type { MembershipRecord, TeamRecord } from '../lib/stores/team-store';
import type { UserRecord } from '../lib/stores/user-store';
import { teamsFields } from './fields';
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

// Selecting goes through the field's own declaration (its row and arguments), resolved over the in-memory stores.
const selection = teamsFields['Mutation.setSelectedTeam'];
function select(who: Caller, teamId: string, s: ReturnType<typeof stores>) {
  const handler = createFieldHandler(
    { 'Mutation.setSelectedTeam': field({ ...selection, resolve: async ({ caller: selector, team }) => setSelectedTeam(selector, team, s) }) },
    { teams: s.teams, signOuts: null },
  );
  const event = {
    info: { parentTypeName: 'Mutation', fieldName: 'setSelectedTeam' },
    arguments: { teamId },
    identity: { sub: who.sub, groups: who.groups, claims: {} },
  };
  return handler(event as unknown as ResolverEvent);
}
const restore = (who: Caller, s: ReturnType<typeof stores>) => getSelectedTeam(who, selection.policy, s);

beforeAll(() => jest.spyOn(logger, 'warn').mockImplementation(() => undefined));

describe('team selection', () => {
  it('lets the owner, a member and an admin select the team and restores it', async () => {
    const s = stores([gamerMembership]);
    for (const who of [caller('director'), caller('gamer'), caller('admin', ['ADMIN'])]) {
      await expect(select(who, 't1', s)).resolves.toMatchObject({ teamId: 't1', team: { name: 'Night Owls' } });
      await expect(restore(who, s)).resolves.toMatchObject({ userId: who.sub, teamId: 't1' });
    }
  });

  it('refuses a user outside the team and leaves their choice unchanged', async () => {
    const s = stores([gamerMembership]);
    await expect(select(caller('outsider'), 't1', s)).rejects.toMatchObject({ name: 'Unauthorized' });
    await expect(restore(caller('outsider'), s)).resolves.toEqual({ userId: 'outsider', teamId: null, team: null });
  });

  it('does not restore a team the user has since left', async () => {
    const s = stores([gamerMembership]);
    await select(caller('gamer'), 't1', s);
    s.state.memberships.pop();
    await expect(restore(caller('gamer'), s)).resolves.toMatchObject({ teamId: null });
  });

  it('refuses an unknown team as it refuses a team the caller is not in, so team ids cannot be probed', async () => {
    const s = stores([]);
    const refusalOf = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (error: Error) => ({ name: error.name, message: error.message }),
      );
    const unknown = await refusalOf(select(caller('director'), 'nope', s));
    expect(unknown).toMatchObject({ name: 'Unauthorized' });
    expect(unknown).toEqual(await refusalOf(select(caller('gamer'), 't1', s)));
    // Admins may use every team: they are told it does not exist.
    await expect(select(caller('admin', ['ADMIN']), 'nope', s)).rejects.toMatchObject({ name: 'NotFound' });
  });
});
