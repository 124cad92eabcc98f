import { VIDEO_CATEGORIES, VIDEO_CATEGORY_TITLES, type VideoCategory } from '@core/videos';
import { groupVault, vaultGroupOf, VAULT_GROUP_TITLES } from './vault';

const video = (title: string, category: VideoCategory, basic?: boolean) => ({ title, category, VideoSeries: basic === undefined ? null : { basic } });

describe('vault groups', () => {
  it('puts the videos of a basic series under Getting Started, whatever their category', () => {
    expect(vaultGroupOf(video('Intro', 'yoga', true))).toBe('Getting Started');
    expect(vaultGroupOf(video('Flow', 'yoga', false))).toBe('Yoga');
  });

  it("puts every other video under its category's title, one of the spec's", () => {
    expect(vaultGroupOf(video('a', 'quick_drills'))).toBe('Quick Drills');
    expect(vaultGroupOf(video('a', 'fg_university'))).toBe('FG University');
    expect(vaultGroupOf(video('a', 'beyond_the_game'))).toBe('Beyond the Game');
    for (const category of VIDEO_CATEGORIES) expect(VAULT_GROUP_TITLES).toContain(VIDEO_CATEGORY_TITLES[category]);
  });

  it('shows only groups that hold videos, in the spec order, each sorted by title', () => {
    const groups = groupVault([
      video('zebra stretch', 'yoga'),
      video('Breath 2', 'breathing'),
      video('Welcome', 'workouts', true),
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

  it('has the fourteen titles of the spec, and no group for no videos', () => {
    expect(VAULT_GROUP_TITLES).toHaveLength(14);
    expect(groupVault([])).toEqual([]);
  });
});
