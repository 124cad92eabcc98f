import type { PillarSlug } from '../pillars';

/** Every weight and cutoff of the scoring model in one place; docs/scoring.md explains each to coaches. */

/** Weights in whole percent (integer maths keeps rounding exact). The daily score treats every pillar alike. */
export const DAILY_PILLAR_WEIGHTS: Readonly<Record<PillarSlug, number>> = {
  sleep: 20,
  nutrition: 20,
  mental: 20,
  lifestyle: 20,
  physical: 20,
};

/** Game readiness leans on what changes play today: how you slept, your head, your body. */
export const READINESS_PILLAR_WEIGHTS: Readonly<Record<PillarSlug, number>> = {
  sleep: 30,
  mental: 30,
  physical: 20,
  nutrition: 10,
  lifestyle: 10,
};

/** The overall fgScore (docs/scoring.md, "The overall score (fgScore)"); see fg-score.ts for how they combine. */
const FG_WINDOW_DAYS = 15;
export const FG_DAILY_WEIGHT = 0.06;
export const FG_TARGET_START = 80;
export const FG_TARGET_MAX = 90;
/** 10 points over 15 days: "about 0.667 per day". */
export const FG_TARGET_STEP = (FG_TARGET_MAX - FG_TARGET_START) / FG_WINDOW_DAYS;
export const FG_VIDEO_BONUS = 10;

export const MIN_SCORE = 0;
export const MAX_SCORE = 100;

/** Scores are shown and stored as whole numbers (halves round up), always within 0..100. */
export function roundScore(value: number): number {
  return Math.min(MAX_SCORE, Math.max(MIN_SCORE, Math.round(value)));
}
