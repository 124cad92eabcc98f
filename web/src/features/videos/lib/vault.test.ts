import { groupVault, matchesVaultSearch, vaultGroupOf, VAULT_GROUP_TITLES } from './vault';

const video = (title: string, category: string, pillarCategory = 'physical', basic?: boolean) => ({
  title,
  category,
  pillarCategory,
  VideoSeries: basic === undefined ? null : { basic },
});

describe('vault groups', () => {
  it('puts the videos of a basic series under Getting Started, whatever their category', () => {
    expect(vaultGroupOf(video('Intro', 'yoga', 'physical', true))).toBe('Getting Started');
    expect(vaultGroupOf(video('Flow', 'yoga', 'physical', false))).toBe('Yoga');
  });

  it("puts every other video under its category's title", () => {
    expect(vaultGroupOf(video('a', 'quick_drills'))).toBe('Quick Drills');
    expect(vaultGroupOf(video('a', 'c9tg'))).toBe('Training Grounds');
    expect(vaultGroupOf(video('a', 'fg_university'))).toBe('FG University');
    expect(vaultGroupOf(video('a', 'beyond_the_game'))).toBe('Beyond the Game');
  });

  it('groups the category without a title of its own (gss) by pillar category', () => {
    expect(vaultGroupOf(video('a', 'gss', 'mental'))).toBe('Mental Conditioning');
    expect(vaultGroupOf(video('a', 'gss', 'nutrition'))).toBe('Nutrition');
    expect(vaultGroupOf(video('a', 'gss', 'lifestyle'))).toBe('Lifestyle');
  });

  it('shows only groups that hold videos, in the spec order, each sorted by title', () => {
    const groups = groupVault([
      video('zebra stretch', 'yoga'),
      video('Breath 2', 'breathing'),
      video('Welcome', 'workouts', 'physical', true),
      video('Alpha pose', 'yoga'),
      video('breath 10', 'breathing'),
      video('Morning walk', 'workouts'),
    ]);
    expect(groups.map((group) => group.title)).toEqual(['Getting Started', 'Workouts', 'Yoga', 'Breathing']);
    expect(groups.map((group) => group.videos.map((item) => item.title))).toEqual([
      ['Welcome'],
      ['Morning walk'],
      ['Alpha pose', 'zebra stretch'],
      ['Breath 2', 'breath 10'],
    ]);
  });

  it('has the fourteen titles of the spec', () => {
    expect(VAULT_GROUP_TITLES).toHaveLength(14);
    expect(groupVault([])).toEqual([]);
  });
});

describe('vault search', () => {
  const stretch = { title: 'Neck Stretch', tags: ['posture', 'Desk'] };

  it('finds a video by part of its title or of a tag, case ignored', () => {
    expect(matchesVaultSearch(stretch, 'neck')).toBe(true);
    expect(matchesVaultSearch(stretch, 'desk')).toBe(true);
    expect(matchesVaultSearch(stretch, 'yoga')).toBe(false);
  });

  it('keeps every video for an empty term', () => {
    expect(matchesVaultSearch({ title: 'x', tags: null }, '  ')).toBe(true);
  });
});
