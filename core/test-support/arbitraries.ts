import fc from 'fast-check';
import { type AnswerInput, joinChoices } from '../check-in';
import { GAME_PERFORMANCE_SLUG, GAMING_TODAY_SLUG, type Question, QUESTIONS } from '../questionnaire';

/** fast-check generators for the scoring property tests (test-only; nothing in the product imports this). */
export function valueArbitrary(question: Question): fc.Arbitrary<string> {
  const values = question.options.map((option) => option.value);
  if (question.kind === 'single') return fc.constantFrom(...values);
  const problems = values.filter((value) => value !== question.noneOption);
  return fc.oneof(fc.constant(question.noneOption!), fc.subarray(problems, { minLength: 1 }).map(joinChoices));
}

/** A day's answers: every question either skipped or answered with a valid value (in questionnaire order). */
export const answersArbitrary: fc.Arbitrary<AnswerInput[]> = fc
  .tuple(...QUESTIONS.map((question) => fc.option(valueArbitrary(question), { nil: undefined })))
  .map((values) =>
    QUESTIONS.flatMap((question, index) => (values[index] === undefined ? [] : [{ questionSlug: question.slug, value: values[index] }])),
  )
  .map((answers) =>
    // The check-in schema refuses a performance rating on a No Gaming day, so valid days never hold both.
    answers.some((answer) => answer.questionSlug === GAMING_TODAY_SLUG && answer.value === 'false')
      ? answers.filter((answer) => answer.questionSlug !== GAME_PERFORMANCE_SLUG)
      : answers,
  );

export const scoredQuestionArbitrary: fc.Arbitrary<Question> = fc.constantFrom(
  ...QUESTIONS.filter((question) => question.slug !== GAMING_TODAY_SLUG),
);

export const dailyScoreArbitrary = fc.integer({ min: 0, max: 100 });

/** The score day `offset` days after 2026-01-01. */
export function dayAt(offset: number): string {
  return new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
}

export function withAnswer(answers: readonly AnswerInput[], questionSlug: string, value: string | undefined): AnswerInput[] {
  const others = answers.filter((answer) => answer.questionSlug !== questionSlug);
  return value === undefined ? others : [...others, { questionSlug, value }];
}
