/**
 * How the vault (/home/videos/) groups and orders videos (spec 001 sections 2 and 9): the videos of a basic series form
 * Getting Started; every other video sits under its category's title, in the spec's order; inside a group by title.
 *
 * The spec names eleven categories and fourteen titles. Decided here (docs/videos-web.md): each category with a title
 * of its own goes there (c9tg is the Training Grounds series); `gss`, the one category without a title, is grouped by
 * the video's pillar category (mental: Mental Conditioning, nutrition: Nutrition, lifestyle: Lifestyle, sleep: Sleep,
 * physical: Workouts), so every title can hold videos and no video is left out.
 */

export const GETTING_STARTED = 'Getting Started';

/** The vault's group titles, in the order the page shows them. */
export const VAULT_GROUP_TITLES = [
  GETTING_STARTED,
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
export type VaultGroupTitle = (typeof VAULT_GROUP_TITLES)[number];

const TITLE_BY_CATEGORY: Record<string, VaultGroupTitle> = {
  workouts: 'Workouts',
  yoga: 'Yoga',
  quick_drills: 'Quick Drills',
  meditation: 'Meditation',
  sleep: 'Sleep',
  beyond_the_game: 'Beyond the Game',
  breathing: 'Breathing',
  c9tg: 'Training Grounds',
  eye_health: 'Eye Health',
  fg_university: 'FG University',
};

const TITLE_BY_PILLAR: Record<string, VaultGroupTitle> = {
  mental: 'Mental Conditioning',
  nutrition: 'Nutrition',
  lifestyle: 'Lifestyle',
  sleep: 'Sleep',
  physical: 'Workouts',
};

/** The slice of a video the grouping reads. */
export interface GroupableVideo {
  title: string;
  category: string;
  pillarCategory: string;
  VideoSeries?: { basic: boolean } | null;
}

/** The group a video is shown under. */
export function vaultGroupOf(video: GroupableVideo): VaultGroupTitle {
  if (video.VideoSeries?.basic) return GETTING_STARTED;
  return TITLE_BY_CATEGORY[video.category] ?? TITLE_BY_PILLAR[video.pillarCategory] ?? 'Lifestyle';
}

/** The label of a category in the forms: its vault title, or the category's own name where it has none. */
export function categoryLabel(category: string): string {
  return TITLE_BY_CATEGORY[category] ?? category.toUpperCase();
}

const byTitle = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The non-empty groups in the page's order, each sorted by title (case and accents ignored, numbers in order). */
export function groupVault<T extends GroupableVideo>(videos: readonly T[]): { title: VaultGroupTitle; videos: T[] }[] {
  const groups = new Map<VaultGroupTitle, T[]>();
  for (const video of videos) {
    const title = vaultGroupOf(video);
    groups.set(title, [...(groups.get(title) ?? []), video]);
  }
  return VAULT_GROUP_TITLES.filter((title) => groups.has(title)).map((title) => ({
    title,
    videos: [...groups.get(title)!].sort((a, b) => byTitle.compare(a.title, b.title)),
  }));
}

/** Whether a video matches the vault's search: the term in its title or one of its tags, case ignored. */
export function matchesVaultSearch(video: { title: string; tags?: readonly string[] | null }, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return video.title.toLowerCase().includes(needle) || (video.tags ?? []).some((tag) => tag.toLowerCase().includes(needle));
}
