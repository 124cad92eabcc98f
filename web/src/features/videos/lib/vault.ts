/**
 * How the vault (/home/videos/) groups and orders videos (docs/videos.md, vault): the videos of a basic series form
 * Getting Started; every other video sits under its category's title (core/videos.ts), the groups in the spec's order,
 * the videos inside a group by title. Groups without videos are not shown.
 */
import { GETTING_STARTED_TITLE, VIDEO_CATEGORY_TITLES, type VideoCategory } from '@core/videos';

/** The vault's group titles, in the order the page shows them (docs/videos.md, vault). */
export const VAULT_GROUP_TITLES = [
  GETTING_STARTED_TITLE,
  'Workouts',
  'Mental Conditioning',
  'Nutrition',
  'Yoga',
  'Quick Drills',
  'Meditation',
  'Sleep',
  'Lifestyle',
  'Beyond the Game',
  'Breathing',
  'Training Grounds',
  'Eye Health',
  'FG University',
] as const;

/** The slice of a video the grouping reads. */
interface GroupableVideo {
  title: string;
  category: VideoCategory;
  VideoSeries?: { basic: boolean } | null;
}

/** The group a video is shown under. */
export function vaultGroupOf(video: GroupableVideo): string {
  return video.VideoSeries?.basic ? GETTING_STARTED_TITLE : VIDEO_CATEGORY_TITLES[video.category];
}

const byTitle = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const groupRank = (title: string) => {
  const rank = (VAULT_GROUP_TITLES as readonly string[]).indexOf(title);
  return rank < 0 ? VAULT_GROUP_TITLES.length : rank;
};

/** The non-empty groups in the page's order, each sorted by title (case and accents ignored, numbers in order). */
export function groupVault<T extends GroupableVideo>(videos: readonly T[]): { title: string; videos: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const video of videos) {
    const title = vaultGroupOf(video);
    groups.set(title, [...(groups.get(title) ?? []), video]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => groupRank(a) - groupRank(b))
    .map(([title, members]) => ({ title, videos: members.sort((a, b) => byTitle.compare(a.title, b.title)) }));
}
