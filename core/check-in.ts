import { z } from 'zod';
import { GAME_PERFORMANCE_SLUG, GAMING_TODAY_SLUG, type Question, QUESTIONS, questionBySlug } from './questionnaire';
import { MAX_ANSWER_VALUE_LENGTH, MAX_QUESTION_SLUG_LENGTH, quoteForMessage, safeText } from './validation/fields';

/**
 * Answer values and the check-in submission schema shared by the server and the web app. An answer's value is one
 * option value; for a `multiple` question it is the ticked option values separated by commas ("back,neck").
 * Questions may be skipped (that lowers the pillar's completeness), and the server decides which score day they count for.
 */
const CHOICE_SEPARATOR = ',';

export interface AnswerInput {
  questionSlug: string;
  value: string;
}

export function choicesOf(value: string): string[] {
  return value
    .split(CHOICE_SEPARATOR)
    .map((choice) => choice.trim())
    .filter((choice) => choice !== '');
}

export function joinChoices(values: readonly string[]): string {
  return values.join(CHOICE_SEPARATOR);
}

/** Why a value is not a valid answer to the question, or null when it is. */
export function answerValueProblem(question: Question, value: string): string | null {
  const choices = choicesOf(value);
  const allowed = question.options.map((candidate) => candidate.value);
  if (choices.length === 0) return `Choose an answer to "${question.slug}".`;
  if (question.kind === 'single' && choices.length > 1) return `Choose only one answer to "${question.slug}".`;
  const unknown = choices.find((choice) => !allowed.includes(choice));
  if (unknown !== undefined) return `"${quoteForMessage(unknown)}" is not an answer to "${question.slug}". Choose from: ${allowed.join(', ')}.`;
  if (question.noneOption && choices.includes(question.noneOption) && new Set(choices).size > 1) {
    return `"${question.noneOption}" cannot be combined with other answers to "${question.slug}".`;
  }
  return null;
}

/** The stored form of a valid value: choices once each, in the question's option order. */
function canonicalAnswerValue(question: Question, value: string): string {
  const choices = new Set(choicesOf(value));
  return joinChoices(question.options.map((candidate) => candidate.value).filter((candidate) => choices.has(candidate)));
}

const answerInputSchema = z.object({
  questionSlug: safeText({
    required: 'Each answer needs a questionSlug.',
    max: MAX_QUESTION_SLUG_LENGTH,
    tooLong: 'There is no question with this questionSlug.',
    label: 'questionSlug',
  }),
  value: safeText({
    required: 'Each answer needs a value.',
    max: MAX_ANSWER_VALUE_LENGTH,
    tooLong: `An answer's value must be at most ${MAX_ANSWER_VALUE_LENGTH} characters.`,
    label: "An answer's value",
    trim: false,
    // An empty choice gets the question's own message below.
    allowBlank: true,
  }),
});

export const checkInSubmissionSchema = z
  .object({
    answers: z
      .array(answerInputSchema, { error: 'answers must be a list.' })
      .min(1, 'Answer at least one question.')
      .max(QUESTIONS.length, { message: `There are ${QUESTIONS.length} questions: answer each at most once.`, abort: true }),
  })
  .superRefine(({ answers }, ctx) => {
    const seen = new Set<string>();
    answers.forEach(({ questionSlug, value }, index) => {
      const question = questionBySlug(questionSlug);
      const problem = !question
        ? `There is no question "${quoteForMessage(questionSlug)}".`
        : seen.has(questionSlug)
          ? `"${questionSlug}" is answered more than once.`
          : answerValueProblem(question, value);
      seen.add(questionSlug);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['answers', index] });
    });
    const notGaming = answers.some((answer) => answer.questionSlug === GAMING_TODAY_SLUG && answer.value.trim() === 'false');
    const performanceIndex = answers.findIndex((answer) => answer.questionSlug === GAME_PERFORMANCE_SLUG);
    if (notGaming && performanceIndex >= 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Skip "${GAME_PERFORMANCE_SLUG}" on a day you are not gaming.`,
        path: ['answers', performanceIndex],
      });
    }
  })
  .transform(({ answers }) => ({
    answers: answers.map(({ questionSlug, value }) => ({
      questionSlug,
      value: canonicalAnswerValue(questionBySlug(questionSlug)!, value),
    })),
  }));
