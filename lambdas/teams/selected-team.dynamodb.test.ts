import { type Caller, logger, type ResolverEvent } from '../lib/appsync';
import { createFieldHandler, field } from '../lib/fields';
import { dynamoTeamStore as teams } from '../lib/stores/team-store';
import { freshIds, membershipRecord, seedRecords, teamRecord, userRecord } from '../lib/stores/test-support/records';
import { dynamoUserStore as users } from '../lib/stores/user-store';
import { teamsFields } from './fields';
import { getSelectedTeam, setSelectedTeam } from './selected-team';

// On DynamoDB Local (jest project `dynamodb`): each test has its own team t1 and its own people.
let id: (name: string) => string;
beforeEach(() => {
  id = freshIds();
});

/** The team t1 of the director, the four people, and the gamer's membership when `withGamer`. */
async function seed(withGamer: boolean) {
  await seedRecords({
    users: ['director', 'gamer', 'outsider', 'admin'].map((name) => userRecord(id(name), { role: null })),
    teams: [teamRecord(id('t1'), id('director'), { name: 'Night Owls' })],
    memberships: withGamer ? [membershipRecord(id('t1'), id('gamer'))] : [],
  });
}

const caller = (name: string, groups: string[] = []): Caller => ({ sub: id(name), email: null, groups, role: null });
const stores = { users, teams };

// Selecting goes through the field's own declaration (its row and arguments), resolved over the DynamoDB stores.
const selection = teamsFields['Mutation.setSelectedTeam'];
function select(who: Caller, teamId: string) {
  const handler = createFieldHandler(
    { 'Mutation.setSelectedTeam': field({ ...selection, resolve: async ({ caller: selector, team }) => setSelectedTeam(selector, team, stores) }) },
    { teams, signOuts: null },
  );
  const event = {
    info: { parentTypeName: 'Mutation', fieldName: 'setSelectedTeam' },
    arguments: { teamId },
    identity: { sub: who.sub, groups: who.groups, claims: {} },
  };
  return handler(event as unknown as ResolverEvent);
}
const restore = (who: Caller) => getSelectedTeam(who, selection.policy, stores);

beforeAll(() => jest.spyOn(logger, 'warn').mockImplementation(() => undefined));

describe('team selection', () => {
  it('lets the owner, a member and an admin select the team and restores it', async () => {
    await seed(true);
    for (const who of [caller('director'), caller('gamer'), caller('admin', ['ADMIN'])]) {
      await expect(select(who, id('t1'))).resolves.toMatchObject({ teamId: id('t1'), team: { name: 'Night Owls' } });
      await expect(restore(who)).resolves.toMatchObject({ userId: who.sub, teamId: id('t1') });
    }
  });

  it('refuses a user outside the team and leaves their choice unchanged', async () => {
    await seed(true);
    await expect(select(caller('outsider'), id('t1'))).rejects.toMatchObject({ name: 'Unauthorized' });
    await expect(restore(caller('outsider'))).resolves.toEqual({ userId: id('outsider'), teamId: null, team: null });
  });

  it('does not restore a team the user has since left', async () => {
    await seed(true);
    await select(caller('gamer'), id('t1'));
    await teams.removeMember(membershipRecord(id('t1'), id('gamer')));
    await expect(restore(caller('gamer'))).resolves.toMatchObject({ teamId: null });
  });

  it('refuses an unknown team as it refuses a team the caller is not in, so team ids cannot be probed', async () => {
    await seed(false);
    const refusalOf = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (error: Error) => ({ name: error.name, message: error.message }),
      );
    const unknown = await refusalOf(select(caller('director'), id('nope')));
    expect(unknown).toMatchObject({ name: 'Unauthorized' });
    expect(unknown).toEqual(await refusalOf(select(caller('gamer'), id('t1'))));
    // Admins may use every team: they are told it does not exist.
    await expect(select(caller('admin', ['ADMIN']), id('nope'))).rejects.toMatchObject({ name: 'NotFound' });
  });
});
