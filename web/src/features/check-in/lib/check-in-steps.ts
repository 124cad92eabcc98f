import type { PillarSlug } from '@core/pillars';
import { GAME_PERFORMANCE_SLUG, GAMING_TODAY_SLUG, type Question, questionBySlug } from '@core/questionnaire';
import { type CheckInForm, PILLAR_SECTIONS } from './check-in-form';

/**
 * The check-in on a phone, one screen at a time: whether the gamer is gaming today, then each pillar's questions, the
 * game-performance rating on a gaming day, and last the videos question with Submit.
 */
export interface CheckInStep {
  /** 'gaming', a pillar slug, 'game' or 'videos'. */
  id: string;
  title: string;
  pillar: PillarSlug | null;
  /** The step's questions in questionnaire order; none on the videos step. */
  questions: readonly Question[];
}

const gamingStep: CheckInStep = { id: 'gaming', title: 'Game day', pillar: null, questions: [questionBySlug(GAMING_TODAY_SLUG)!] };
const pillarSteps: readonly CheckInStep[] = PILLAR_SECTIONS.map(({ pillar, questions }) => ({
  id: pillar.slug,
  title: pillar.label,
  pillar: pillar.slug,
  questions,
}));
const gameStep: CheckInStep = { id: 'game', title: 'Game', pillar: null, questions: [questionBySlug(GAME_PERFORMANCE_SLUG)!] };
const videosStep: CheckInStep = { id: 'videos', title: 'Videos', pillar: null, questions: [] };

/** The steps of today's check-in: the game step only on a gaming day. */
export function checkInSteps(form: Pick<CheckInForm, 'gaming'>): readonly CheckInStep[] {
  return [gamingStep, ...pillarSteps, ...(form.gaming ? [gameStep] : []), videosStep];
}

/** Where picking an answer to a single-choice question leads: the step's next question, or past its last, the next step. */
type Advance = { to: 'question'; slug: string } | { to: 'step'; index: number };

export function advanceAfter(steps: readonly CheckInStep[], stepIndex: number, questionSlug: string): Advance {
  const questions = steps[stepIndex]?.questions ?? [];
  const at = questions.findIndex((question) => question.slug === questionSlug);
  const next = at >= 0 ? questions[at + 1] : undefined;
  if (next) return { to: 'question', slug: next.slug };
  return { to: 'step', index: Math.min(stepIndex + 1, steps.length - 1) };
}
