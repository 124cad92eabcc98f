import { roundScore } from './constants';

/** Tiers and labels (docs/scoring.md, "Tiers and labels"). Both judge the whole number shown, so 79.5 is shown as 80 and is Game On. */
export type ReadinessTier = 'Game On' | 'Moderately Ready' | 'Subpar Ready' | 'Not Ready';
type ScoreLabel = 'Peak Form' | 'Pretty Solid' | 'Not Ideal' | 'Danger Zone' | 'No data' | 'No Gaming';

export const READINESS_TIER_CUTOFFS: ReadonlyArray<readonly [number, ReadinessTier]> = [
  [80, 'Game On'],
  [60, 'Moderately Ready'],
  [45, 'Subpar Ready'],
];
export const PEAK_FORM_CUTOFF = 80;
export const PRETTY_SOLID_CUTOFF = 60;
/** The regular Not Ideal cutoff; the other classification of the spec uses 45. */
export const NOT_IDEAL_CUTOFF = 40;

/** Null, a missing value, a non-number and 0 all mean there is nothing to judge. */
function shownScore(score: number | null | undefined): number | null {
  if (typeof score !== 'number' || !Number.isFinite(score)) return null;
  const shown = roundScore(score);
  return shown === 0 ? null : shown;
}

/** Readiness tier of a main score: no tier (null) for null or 0. */
export function readinessTier(score: number | null | undefined): ReadinessTier | null {
  const shown = shownScore(score);
  if (shown === null) return null;
  return READINESS_TIER_CUTOFFS.find(([cutoff]) => shown >= cutoff)?.[1] ?? 'Not Ready';
}

interface ScoreLabelOptions {
  /** The day is flagged as not gaming: game scores read "No Gaming" whatever their value. */
  noGaming?: boolean;
  /** 40 (regular) or 45 (the stricter classification). */
  notIdealCutoff?: typeof NOT_IDEAL_CUTOFF | 45;
}

export function scoreLabel(score: number | null | undefined, options: ScoreLabelOptions = {}): ScoreLabel {
  if (options.noGaming) return 'No Gaming';
  const shown = shownScore(score);
  if (shown === null) return 'No data';
  if (shown >= PEAK_FORM_CUTOFF) return 'Peak Form';
  if (shown >= PRETTY_SOLID_CUTOFF) return 'Pretty Solid';
  if (shown >= (options.notIdealCutoff ?? NOT_IDEAL_CUTOFF)) return 'Not Ideal';
  return 'Danger Zone';
}
