/** The five wellness pillars (docs/scoring.md) in the order the product lists them. */
export const PILLAR_SLUGS = ['sleep', 'nutrition', 'mental', 'lifestyle', 'physical'] as const;
export type PillarSlug = (typeof PILLAR_SLUGS)[number];

export interface Pillar {
  slug: PillarSlug;
  label: string;
  /**
   * The spec's colour name (docs/scoring.md, "Pillar colours"), and the shade the web app paints it with: readable on the
   * dark theme and far from the status colours (the readiness tiers' green, yellow, orange and red), so a pillar never
   * reads as a verdict.
   */
  colour: { name: string; hex: string };
}

export const PILLARS: readonly Pillar[] = [
  { slug: 'sleep', label: 'Sleep', colour: { name: 'purple', hex: '#a855f7' } },
  { slug: 'nutrition', label: 'Nutrition', colour: { name: 'green', hex: '#a3e635' } },
  { slug: 'mental', label: 'Mental', colour: { name: 'red', hex: '#db2777' } },
  { slug: 'lifestyle', label: 'Lifestyle', colour: { name: 'blue', hex: '#3b82f6' } },
  { slug: 'physical', label: 'Physical', colour: { name: 'orange', hex: '#fdba74' } },
];

export function isPillarSlug(value: unknown): value is PillarSlug {
  return typeof value === 'string' && (PILLAR_SLUGS as readonly string[]).includes(value);
}

export function pillarOf(slug: PillarSlug): Pillar {
  return PILLARS.find((pillar) => pillar.slug === slug)!;
}

/** The scores beyond the pillars: the overall score, the day's score and the two game scores. */
export const MAIN_SCORE_TYPES = ['fgScore', 'daily', 'gameReadiness', 'gamePerformance'] as const;
export type MainScoreType = (typeof MAIN_SCORE_TYPES)[number];

/** Every score a statistic can be asked for (`myScoreStats(type)`): the main scores and one per pillar. */
export const SCORE_TYPES = [...MAIN_SCORE_TYPES, ...PILLAR_SLUGS] as const;
export type ScoreType = (typeof SCORE_TYPES)[number];

/**
 * The game scores: team statistics list each member's points instead of averaging them (docs/scoring.md, "Teams"), and
 * on a day the gamer is not gaming they read "No Gaming".
 */
export const GAME_SCORE_TYPES = ['gameReadiness', 'gamePerformance'] as const satisfies readonly MainScoreType[];
export type GameScoreType = (typeof GAME_SCORE_TYPES)[number];

export function isGameScoreType(type: ScoreType): type is GameScoreType {
  return (GAME_SCORE_TYPES as readonly string[]).includes(type);
}

const MAIN_SCORE_LABELS: Record<MainScoreType, string> = {
  fgScore: 'FG Score',
  daily: 'Daily Score',
  gameReadiness: 'Game Readiness',
  gamePerformance: 'Game Performance',
};

/** What each headline number means, in a line, where it is shown (docs/scoring.md, "The numbers at a glance"). */
export const MAIN_SCORE_EXPLANATIONS: Record<MainScoreType, string> = {
  fgScore: 'Your overall score: a running average of your days that rewards a streak and watching videos.',
  daily: "Today's answers, the five pillars counted equally.",
  gameReadiness: 'How ready you are to play today; sleep and mental state count most.',
  gamePerformance: 'Your own rating of how you played today.',
};

export function scoreTypeLabel(type: ScoreType): string {
  return isPillarSlug(type) ? pillarOf(type).label : MAIN_SCORE_LABELS[type];
}
