import type { AnswerInput } from '../check-in';
import type { PillarSlug } from '../pillars';
import { questionsOfPillar } from '../questionnaire';
import { answerScore } from './answers';
import { roundScore } from './constants';

/** One pillar on one day; the fields of the spec's user score statistic. */
export interface PillarScore {
  pillarSlug: PillarSlug;
  /** The pillar score: answer scores summed over ALL the pillar's questions, a skipped one counting 0. Null if none answered. */
  score: number | null;
  /** Quality of what was answered: the average score of the answered questions. Null if none answered. */
  pureScore: number | null;
  /** Share of the pillar's questions answered, 0..100. */
  completenessScore: number;
  totalAnswers: number;
  totalQuestions: number;
}

/** Keeps the last answer per question, as a later answer to a question replaces the earlier one. */
export function latestAnswers(answers: readonly AnswerInput[]): Map<string, string> {
  return new Map(answers.map((answer) => [answer.questionSlug, answer.value]));
}

/**
 * Scores one pillar. score = sum of answer scores / totalQuestions, which equals pureScore x completeness:
 * skipping a question never helps (it counts as the worst answer) and answering never lowers the score.
 */
export function scorePillar(pillarSlug: PillarSlug, answers: readonly AnswerInput[]): PillarScore {
  const byQuestion = latestAnswers(answers);
  const questions = questionsOfPillar(pillarSlug);
  const answered = questions.filter((question) => byQuestion.has(question.slug));
  const sum = answered.reduce((total, question) => total + answerScore(question.slug, byQuestion.get(question.slug)!)!, 0);
  const totalAnswers = answered.length;
  return {
    pillarSlug,
    score: totalAnswers === 0 ? null : roundScore(sum / questions.length),
    pureScore: totalAnswers === 0 ? null : roundScore(sum / totalAnswers),
    completenessScore: roundScore((100 * totalAnswers) / questions.length),
    totalAnswers,
    totalQuestions: questions.length,
  };
}
