import { answerValueProblem, choicesOf } from '../check-in';
import { questionBySlug } from '../questionnaire';
import { MAX_SCORE, MIN_SCORE } from './constants';

/**
 * The score of one answer. A single choice scores its option; a multiple choice starts at 100 and each ticked
 * option takes away its shortfall from 100 (so one problem scores that option's score), never below 0.
 * Throws on an unknown question or an invalid value: validate with `checkInSubmissionSchema` first.
 */
export function answerScore(questionSlug: string, value: string): number | null {
  const question = questionBySlug(questionSlug);
  if (!question) throw new RangeError(`There is no question "${questionSlug}".`);
  const problem = answerValueProblem(question, value);
  if (problem) throw new RangeError(problem);
  const chosen = new Set(choicesOf(value));
  const scores = question.options.filter((candidate) => chosen.has(candidate.value)).map((candidate) => candidate.score);
  if (scores.some((score) => score === null)) return null;
  const shortfall = scores.reduce<number>((sum, score) => sum + (MAX_SCORE - score!), 0);
  return Math.max(MIN_SCORE, MAX_SCORE - shortfall);
}
