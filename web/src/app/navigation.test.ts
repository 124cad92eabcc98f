import { navItemsFor } from './navigation';
import type { Viewer } from '@/lib/viewer';

const viewer = (overrides: Partial<Viewer>): Viewer => ({
  fullName: 'Sam Player',
  avatarUrl: null,
  groups: [],
  selectedTeamId: null,
  hasTeamNotifications: false,
  ...overrides,
});

const labels = (v: Viewer) => navItemsFor(v).map((item) => item.label);

describe('navItemsFor', () => {
  it('gives admins the back-office items and no team items', () => {
    expect(labels(viewer({ groups: ['ADMIN'], selectedTeamId: 't1' }))).toEqual([
      'Content',
      'Add a video',
      'Recommendation',
      'Users',
      'Weekly Challenge',
      'Payments',
      'Teams Performance',
      'User Performance',
      'Promotion',
    ]);
    expect(labels(viewer({ groups: ['SUPERADMIN'] }))).toContain('Content');
  });

  it('labels the manager portal Director Portal for directors and adds the team links once a team is selected', () => {
    expect(labels(viewer({ groups: ['DIRECTOR'] }))).toEqual(['Director Portal']);
    const items = navItemsFor(viewer({ groups: ['DIRECTOR'], selectedTeamId: 'team 1', hasTeamNotifications: true }));
    expect(items.map((item) => [item.label, item.to])).toEqual([
      ['Director Portal', '/home/manager-portal'],
      ['Analytics', '/home/my-team/statistics/'],
      ['My Team', '/home/my-team'],
      ['Journal', '/home/my-team/journal?teamId=team+1'],
    ]);
    expect(items.find((item) => item.label === 'Journal')?.marker).toBe(true);
  });

  it('gives coaches the coach portal, and gamers their check-in and scores plus the team links', () => {
    expect(labels(viewer({ groups: ['COACH'] }))).toEqual(['Coach Portal']);
    expect(labels(viewer({ groups: ['GAMER'] }))).toEqual(['Check-in', 'My scores']);
    expect(labels(viewer({ groups: ['SELF'] }))).toEqual(['Check-in', 'My scores']);
    expect(labels(viewer({ groups: ['GAMER'], selectedTeamId: 't1' }))).toEqual(['Check-in', 'My scores', 'Analytics', 'My Team', 'Journal']);
    expect(navItemsFor(viewer({ groups: ['GAMER'] })).map((item) => item.to)).toEqual(['/home/check-in', '/home/my-scores']);
  });
});
