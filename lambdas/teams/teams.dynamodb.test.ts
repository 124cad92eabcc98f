import type { Caller, ResolverEvent } from '../lib/appsync';
import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore as teams } from '../lib/stores/team-store';
import { freshIds, membershipRecord, seedRecords, teamRecord, userRecord } from '../lib/stores/test-support/records';
import { dynamoUserStore } from '../lib/stores/user-store';
import { teamsFields } from './fields';
import { leaveTeam } from './teams';
import { teamDeps } from './test-support';

// On DynamoDB Local (jest project `dynamodb`), each test with its own gamer and teams.
let id: (name: string) => string;
let gamer: Caller;
beforeEach(() => {
  id = freshIds();
  gamer = { sub: id('gamer'), email: null, groups: ['GAMER'], role: 'GAMER' };
});
const team = (name: string) => teamRecord(id(name), id('director'));
const membership = (name: string, role: 'GAMER' | 'COACH' = 'GAMER') => membershipRecord(id(name), gamer.sub, role);

describe('leaveTeam without a team', () => {
  it('leaves every team it can, even when one membership ended between listing and leaving', async () => {
    await seedRecords({
      teams: ['a', 'b', 'c', 'coached'].map(team),
      memberships: [membership('a'), membership('b'), membership('c'), membership('coached', 'COACH')],
    });
    // The director removed the gamer from team a right after the memberships were listed.
    const listed = await teams.membershipsOfUser(gamer.sub);
    await teams.removeMember(membership('a'));
    const deps = teamDeps({ teams: { ...teams, membershipsOfUser: async () => listed } });

    await expect(leaveTeam(gamer, null, deps)).resolves.toEqual({ id: gamer.sub, appSubscriptionReason: 'FGFREE', subscription: 'Free' });
    // Coaching is not playing: the pricing page's Leave Team ends the gamer memberships only.
    expect(await teams.membershipsOfUser(gamer.sub)).toEqual([membership('coached', 'COACH')]);
    expect(await Promise.all(['a', 'b', 'c'].map(async (name) => (await teams.seats(id(name)))?.gamers))).toEqual([0, 0, 0]);
  });
});

describe('leaveTeam and the subscription reason a team gave', () => {
  const profile = () => userRecord(gamer.sub, { fullName: 'Gamer', appSubscriptionReason: 'FGPRO_BYTEAM' });

  it('keeps Pro by team while another team remains, and ends it with the last team', async () => {
    await seedRecords({ users: [profile()], teams: ['a', 'b'].map(team), memberships: [membership('a'), membership('b')] });
    const deps = teamDeps();

    await expect(leaveTeam(gamer, id('a'), deps)).resolves.toEqual({
      id: gamer.sub,
      appSubscriptionReason: 'FGPRO_BYTEAM',
      subscription: 'Pro by team',
    });
    await expect(leaveTeam(gamer, id('b'), deps)).resolves.toEqual({ id: gamer.sub, appSubscriptionReason: 'FGFREE', subscription: 'Free' });
  });

  it("keeps the gamer's own Pro when he leaves his last team", async () => {
    await seedRecords({ users: [{ ...profile(), appSubscriptionReason: 'FGPRO' }], teams: [team('a')], memberships: [membership('a')] });

    await expect(leaveTeam(gamer, null, teamDeps())).resolves.toEqual({ id: gamer.sub, appSubscriptionReason: 'FGPRO', subscription: 'Pro' });
  });
});

describe('Query.team reads the members only when the selection asks for them', () => {
  const handler = createFieldHandler(teamsFields, { teams, signOuts: null });
  /** The team field as AppSync calls it for the team's director, with the selection as AppSync describes it. */
  const askTeam = (teamId: string, selectionSetList: string[], selectionSetGraphQL: string) =>
    handler({
      info: { parentTypeName: 'Query', fieldName: 'team', variables: {}, selectionSetList, selectionSetGraphQL },
      arguments: { teamId, take: 5 },
      identity: { sub: id('director'), groups: ['DIRECTOR'], claims: {} },
    } as unknown as ResolverEvent) as Promise<Record<string, unknown>>;
  let memberReads: jest.SpyInstance[];
  beforeEach(async () => {
    await seedRecords({ users: [userRecord(gamer.sub, { fullName: 'Ada' })], teams: [team('owls')], memberships: [membership('owls')] });
    memberReads = [jest.spyOn(teams, 'membersOf'), jest.spyOn(dynamoUserStore, 'getMany')];
  });
  afterEach(() => jest.restoreAllMocks());
  const readCounts = () => memberReads.map((spy) => spy.mock.calls.length);

  it('answers `{ name }` from the team item, without reading its members or their profiles', async () => {
    await expect(askTeam(id('owls'), ['name'], '{\n  name\n}')).resolves.toEqual(team('owls'));
    expect(readCounts()).toEqual([0, 0]);
  });

  it('still lists the members and counts them when the selection asks for them', async () => {
    const answer = await askTeam(
      id('owls'),
      ['name', 'membersCount', 'members', 'members/userId', 'members/fullName'],
      '{\n  name\n  membersCount\n  members {\n    userId\n    fullName\n  }\n}',
    );
    expect(answer).toMatchObject({ name: id('owls'), membersCount: 1, members: [expect.objectContaining({ userId: gamer.sub, fullName: 'Ada' })] });
    expect(readCounts()).toEqual([1, 1]);
  });

  it('reads the members for a member field aliased as a field of the team item', async () => {
    // AppSync lists `name: membersCount` as `name` alone; the count must still be there to answer it.
    await expect(askTeam(id('owls'), ['name'], '{\n  name: membersCount\n}')).resolves.toMatchObject({ membersCount: 1 });
    expect(readCounts()).toEqual([1, 1]);
  });
});
