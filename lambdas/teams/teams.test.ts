import type { Caller } from '../lib/appsync';
import { memoryStores } from '../lib/stores/memory';
import type { MembershipRecord, TeamRecord } from '../lib/stores/team-store';
import type { TeamDeps } from './deps';
import { leaveTeam } from './teams';

const at = '2026-11-01T00:00:00.000Z';
const team = (id: string): TeamRecord => ({
  id,
  name: id,
  description: 'Team',
  game: 'Valorant',
  avatar: '',
  ownerId: 'director',
  createdAt: at,
  updatedAt: at,
});
const membership = (teamId: string, role: MembershipRecord['role'] = 'GAMER'): MembershipRecord => ({ teamId, userId: 'gamer', role, joinedAt: at });
const gamer: Caller = { sub: 'gamer', email: null, groups: ['GAMER'], role: 'GAMER' };

function deps(stores: ReturnType<typeof memoryStores>): TeamDeps {
  return {
    ...stores,
    sendMail: async () => undefined,
    appUrl: () => 'https://app.test',
    now: () => new Date(at),
    newTeamCode: () => 'AAAA2222',
    billSeats: async () => undefined,
    announceMembersChanged: async () => undefined,
  };
}

describe('leaveTeam without a team', () => {
  it('leaves every team it can, even when one membership ended between listing and leaving', async () => {
    const stores = memoryStores({
      teams: ['a', 'b', 'c', 'coached'].map(team),
      memberships: [membership('a'), membership('b'), membership('c'), membership('coached', 'COACH')],
    });
    // The director removed the gamer from team a right after the memberships were listed.
    const listed = await stores.teams.membershipsOfUser('gamer');
    await stores.teams.removeMember(membership('a'));
    const world = deps(stores);
    world.teams = { ...stores.teams, membershipsOfUser: async () => listed };

    await expect(leaveTeam(gamer, null, world)).resolves.toEqual({ id: 'gamer', appSubscriptionReason: 'FGFREE', subscription: 'Free' });
    // Coaching is not playing: the pricing page's Leave Team ends the gamer memberships only.
    expect(stores.state.memberships).toEqual([membership('coached', 'COACH')]);
    expect(['a', 'b', 'c'].map((id) => stores.state.seats.get(id)?.gamers)).toEqual([0, 0, 0]);
  });
});

describe('leaveTeam and the subscription reason a team gave', () => {
  const profile = {
    id: 'gamer',
    email: 'gamer@fitgauge.test',
    fullName: 'Gamer',
    username: null,
    avatar: null,
    role: 'GAMER' as const,
    enabled: true,
    selectedTeamId: null,
    appSubscriptionReason: 'FGPRO_BYTEAM',
    createdAt: at,
    updatedAt: at,
  };

  it('keeps Pro by team while another team remains, and ends it with the last team', async () => {
    const stores = memoryStores({ teams: ['a', 'b'].map(team), memberships: [membership('a'), membership('b')], users: [profile] });
    const world = deps(stores);

    await expect(leaveTeam(gamer, 'a', world)).resolves.toEqual({
      id: 'gamer',
      appSubscriptionReason: 'FGPRO_BYTEAM',
      subscription: 'Pro by team',
    });
    await expect(leaveTeam(gamer, 'b', world)).resolves.toEqual({ id: 'gamer', appSubscriptionReason: 'FGFREE', subscription: 'Free' });
  });

  it("keeps the gamer's own Pro when he leaves his last team", async () => {
    const stores = memoryStores({ teams: [team('a')], memberships: [membership('a')], users: [{ ...profile, appSubscriptionReason: 'FGPRO' }] });

    await expect(leaveTeam(gamer, null, deps(stores))).resolves.toEqual({ id: 'gamer', appSubscriptionReason: 'FGPRO', subscription: 'Pro' });
  });
});
