import type { AnswerInput } from '../check-in';
import type { ScoreDay } from '../dates';
import { PILLAR_SLUGS, type PillarSlug } from '../pillars';
import { GAME_PERFORMANCE_SLUG, GAMING_TODAY_SLUG } from '../questionnaire';
import { answerScore } from './answers';
import { DAILY_PILLAR_WEIGHTS, READINESS_PILLAR_WEIGHTS, roundScore } from './constants';
import { latestAnswers, type PillarScore, scorePillar } from './pillar';

/** Everything one gamer's answers of one score day produce (the overall fgScore also needs the days before: fg-score.ts). */
export interface DayScores {
  date: ScoreDay;
  pillars: Record<PillarSlug, PillarScore>;
  /** Equal-weight average of the five pillar scores, a pillar with no answers counting 0; null if no pillar was answered. */
  dailyScore: number | null;
  /** Weighted average of the pillar scores (READINESS_PILLAR_WEIGHTS); null if no pillar was answered. */
  gameReadiness: number | null;
  /** The game-performance self-rating; null when not answered or on a No Gaming day. */
  gamePerformance: number | null;
  /** False when the gamer answered that they are not gaming today: game scores then show "No Gaming". */
  gaming: boolean;
  /** Average completenessScore of the five pillars, 0..100. */
  avgCompletion: number;
}

/** Weighted average of pillar scores with whole-percent weights; a pillar without answers counts 0. */
function weightedPillarScore(pillars: Record<PillarSlug, PillarScore>, weights: Readonly<Record<PillarSlug, number>>): number {
  return roundScore(PILLAR_SLUGS.reduce((sum, slug) => sum + weights[slug] * (pillars[slug].score ?? 0), 0) / 100);
}

export function scoreDay(date: ScoreDay, answers: readonly AnswerInput[]): DayScores {
  const pillars = Object.fromEntries(PILLAR_SLUGS.map((slug) => [slug, scorePillar(slug, answers)])) as Record<PillarSlug, PillarScore>;
  const anyPillarAnswered = PILLAR_SLUGS.some((slug) => pillars[slug].totalAnswers > 0);
  const byQuestion = latestAnswers(answers);
  const gaming = byQuestion.get(GAMING_TODAY_SLUG)?.trim() !== 'false';
  const performance = byQuestion.get(GAME_PERFORMANCE_SLUG);
  return {
    date,
    pillars,
    dailyScore: anyPillarAnswered ? weightedPillarScore(pillars, DAILY_PILLAR_WEIGHTS) : null,
    gameReadiness: anyPillarAnswered ? weightedPillarScore(pillars, READINESS_PILLAR_WEIGHTS) : null,
    gamePerformance: gaming && performance !== undefined ? answerScore(GAME_PERFORMANCE_SLUG, performance) : null,
    gaming,
    avgCompletion: roundScore(PILLAR_SLUGS.reduce((sum, slug) => sum + pillars[slug].completenessScore, 0) / PILLAR_SLUGS.length),
  };
}
