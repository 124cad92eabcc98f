import { dispatchUploadFlow, uploadFlowState } from '@/features/videos/lib/upload-flow-store';
import { navItemsFor } from './navigation';
import type { Viewer, ViewerTeams } from '@/lib/viewer';

const team = (id: string) => ({ id, name: id, avatar: null, createdAt: '2026-01-01T00:00:00.000Z' });
const noTeams: ViewerTeams = { owned: [], coached: [], member: [] };

const viewer = (overrides: Partial<Viewer>): Viewer => ({
  userId: 'u1',
  fullName: 'Sam Player',
  avatarUrl: null,
  groups: [],
  teams: noTeams,
  emailVerified: true,
  selectedTeamId: null,
  selectedTeamRestoring: false,
  hasTeamNotifications: false,
  ...overrides,
});

/** The items before Account, which every signed-in user has last (its own test below). */
const roleItems = (v: Viewer) => navItemsFor(v).slice(0, -1);
const labels = (v: Viewer) => roleItems(v).map((item) => item.label);

describe('navItemsFor', () => {
  it('gives admins the back-office items, and the team items once they choose a team', () => {
    const adminItems = [
      'Content',
      'Add a video',
      'Recommendation',
      'Users',
      'Weekly Challenge',
      'Payments',
      'Teams Performance',
      'User Performance',
      'Promotion',
      'Audit log',
    ];
    expect(labels(viewer({ groups: ['ADMIN'] }))).toEqual(adminItems);
    expect(labels(viewer({ groups: ['SUPERADMIN'], selectedTeamId: 't1' }))).toEqual([...adminItems, 'Analytics', 'My Team', 'Journal']);
  });

  it('Add a video leads to the upload and clears an earlier upload there (docs/product.md, Content pages)', () => {
    dispatchUploadFlow({ type: 'created', video: { id: 'v1', title: 'Half done' } });
    expect(uploadFlowState().step).toBe(2);
    const item = navItemsFor(viewer({ groups: ['ADMIN'] })).find((entry) => entry.label === 'Add a video')!;
    expect(item.to).toBe('/home/video/upload');
    item.onSelect!();
    expect(uploadFlowState()).toEqual({ step: 1 });
  });

  it('labels the manager portal Director Portal and adds the team links once one of their teams is selected', () => {
    const director = { groups: ['DIRECTOR'], teams: { ...noTeams, owned: [team('team 1')] } };
    expect(labels(viewer(director))).toEqual(['Director Portal']);
    const items = roleItems(viewer({ ...director, selectedTeamId: 'team 1', hasTeamNotifications: true }));
    expect(items.map((item) => [item.label, item.to])).toEqual([
      ['Director Portal', '/home/manager-portal'],
      ['Analytics', '/home/my-team/statistics/'],
      ['My Team', '/home/my-team'],
      ['Journal', '/home/my-team/journal?teamId=team+1'],
    ]);
    expect(items.find((item) => item.label === 'Journal')?.marker).toBe(true);
  });

  it('gives coaches the coach portal and the team links of a team they coach', () => {
    expect(labels(viewer({ groups: ['COACH'] }))).toEqual(['Coach Portal']);
    expect(labels(viewer({ groups: ['COACH'], teams: { ...noTeams, coached: [team('t1')] }, selectedTeamId: 't1' }))).toEqual([
      'Coach Portal',
      'Analytics',
      'My Team',
      'Journal',
    ]);
  });

  it('gives gamers Today first, their check-in and scores, never the team links, even with their team selected', () => {
    expect(labels(viewer({ groups: ['GAMER'] }))).toEqual(['Today', 'Check-in', 'My scores']);
    expect(labels(viewer({ groups: ['SELF'] }))).toEqual(['Today', 'Check-in', 'My scores']);
    expect(labels(viewer({ groups: ['GAMER'], teams: { ...noTeams, member: [team('t1')] }, selectedTeamId: 't1' }))).toEqual([
      'Today',
      'Check-in',
      'My scores',
    ]);
    expect(roleItems(viewer({ groups: ['GAMER'] })).map((item) => item.to)).toEqual(['/home/today', '/home/check-in', '/home/my-scores']);
  });

  it('shows no team links for a selected team the director neither owns nor coaches, or before the profile loads', () => {
    expect(labels(viewer({ groups: ['DIRECTOR'], teams: { ...noTeams, owned: [team('t1')] }, selectedTeamId: 't2' }))).toEqual(['Director Portal']);
    expect(labels(viewer({ groups: ['DIRECTOR'], teams: null, selectedTeamId: 't1' }))).toEqual(['Director Portal']);
  });

  it('gives every signed-in user the Account page, last', () => {
    for (const groups of [['GAMER'], ['SELF'], ['COACH'], ['DIRECTOR'], ['ADMIN'], ['SUPERADMIN'], []]) {
      expect(navItemsFor(viewer({ groups })).at(-1)).toEqual({ to: '/home/account', label: 'Account', icon: 'user' });
    }
  });
});
