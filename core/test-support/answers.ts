import type { AnswerInput } from '../check-in';
import { QUESTIONS } from '../questionnaire';

/**
 * A whole check-in for tests (test-only; nothing in the product imports this): each pillar question, minus `skip`, with
 * its best or worst option, then "gaming today" rated 'great' for the best and `worstPerformance` for the worst.
 */
export function answersWith(pick: 'best' | 'worst', skip: readonly string[] = [], worstPerformance = 'awful'): AnswerInput[] {
  return QUESTIONS.filter((question) => question.pillar !== null && !skip.includes(question.slug))
    .map((question) => {
      const sorted = [...question.options].sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
      return { questionSlug: question.slug, value: (pick === 'best' ? sorted.at(-1)! : sorted[0]).value };
    })
    .concat([
      { questionSlug: 'gaming-today', value: 'true' },
      { questionSlug: 'game-performance', value: pick === 'best' ? 'great' : worstPerformance },
    ]);
}

/** A day's answers in question-slug order, as its stored answers are read: days compared whatever order they came in. */
export function inSlugOrder<Day extends { answers: readonly { questionSlug: string }[] }>(day: Day): Day {
  return { ...day, answers: [...day.answers].sort((a, b) => (a.questionSlug < b.questionSlug ? -1 : 1)) };
}
