import { PILLARS, type PillarSlug } from '@core/pillars';
import { questionBySlug } from '@core/questionnaire';
import type { JournalComment } from '../api/comment-events';
import type { JournalAnswer } from '../api/members';

/** An answer as the check-in showed it: the labels of the chosen options ("Poor", "Headache, Back pain"). */
export function answerText(questionSlug: string, value: string): string {
  const question = questionBySlug(questionSlug);
  if (!question) return value;
  const values = question.kind === 'multiple' ? value.split(',') : [value];
  return values.map((one) => question.options.find((option) => option.value === one.trim())?.label ?? one).join(', ');
}

interface JournalQuestion {
  questionSlug: string;
  text: string;
  /** null: skipped that day (it has comments asking why). */
  answer: JournalAnswer | null;
}

/**
 * A member's day by pillar, in the product's pillar order: each answered question, and each question that has
 * comments without an answer. The two game questions have no pillar and take no comments, so they are left out.
 */
export function questionsByPillar(
  answers: readonly JournalAnswer[],
  comments: readonly JournalComment[],
): { pillar: PillarSlug; label: string; questions: JournalQuestion[] }[] {
  const slugs = [...new Set([...answers.map((answer) => answer.questionSlug), ...comments.map((comment) => comment.questionSlug)])];
  return PILLARS.map(({ slug, label }) => ({
    pillar: slug,
    label,
    questions: slugs
      .filter((questionSlug) => questionBySlug(questionSlug)?.pillar === slug)
      .map((questionSlug) => ({
        questionSlug,
        text: questionBySlug(questionSlug)!.text,
        answer: answers.find((answer) => answer.questionSlug === questionSlug) ?? null,
      })),
  })).filter((group) => group.questions.length > 0);
}
