import { z } from 'zod';
import { isPillarSlug, PILLARS, type PillarSlug } from './pillars';
import { type AnswerOption, type Question, questionBySlug, QUESTIONS } from './questionnaire';
import { boundedId, safeText } from './validation/fields';

/**
 * Video recommendations: a check-in question's answer linked to a video. The questions and
 * answers offered are those of the check-in questionnaire's catalogue (core/questionnaire.ts). Shared by the
 * recommendations Lambda and the admin page (docs/recommendations-and-challenges.md).
 */

/** The add modal's title limit, the edit form's, and the description limit (docs/recommendations-and-challenges.md). */
export const MODAL_TITLE_MAX = 16;
export const TITLE_MAX = 40;
const RECOMMENDATION_DESCRIPTION_MAX = 1000;
/** Page size 10; the page count falls back to 40 items when the count is missing (docs/recommendations-and-challenges.md, "Recommendations"). */
export const RECOMMENDATION_PAGE_SIZE = 10;
export const FALLBACK_RECOMMENDATION_COUNT = 40;
const MAX_RECOMMENDATION_TAKE = 100;
/** Offset paging reads skip + take keys; past this, a page is not worth reading. */
const MAX_RECOMMENDATION_SKIP = 10_000;

/** The spec's texts, letter for letter: the description's message says 200 while the limit is 1000 (docs/recommendations-and-challenges.md). */
export const RECOMMENDATION_MESSAGES = {
  titleRequired: 'A title is required.',
  titleTooLong: `Title should be less than ${TITLE_MAX} characters.`,
  modalTitleTooLong: `Title should be less than ${MODAL_TITLE_MAX} characters.`,
  pillarRequired: 'Pillar Category is required.',
  questionRequired: 'Question is required.',
  answerRequired: 'Answer is required.',
  videoRequired: 'Video is required.',
  descriptionTooLong: 'Description should be less than 200 characters.',
  questionOfPillar: 'Choose a question of the chosen pillar.',
  answerOfQuestion: 'Choose an answer of the chosen question.',
  videoNotOffered: 'Choose a video that is processed and enabled.',
  notFound: 'That recommendation no longer exists.',
} as const;

/** The questions a recommendation can be about: the catalogue's questions of a pillar. */
export function recommendationQuestions(pillar: PillarSlug): Question[] {
  return QUESTIONS.filter((question) => question.inCatalogue && question.pillar === pillar);
}

/** The answers of a catalogue question (its options), or none for a question outside the catalogue. */
export function recommendationAnswers(questionSlug: string): readonly AnswerOption[] {
  const question = questionBySlug(questionSlug);
  return question?.inCatalogue ? question.options : [];
}

/** What the table shows of a recommendation's question and answer. */
export const questionText = (questionSlug: string) => questionBySlug(questionSlug)?.text ?? questionSlug;
export const answerLabel = (questionSlug: string, answer: string) =>
  recommendationAnswers(questionSlug).find((option) => option.value === answer)?.label ?? answer;

export const PILLAR_OPTIONS = PILLARS.map(({ slug, label }) => ({ value: slug, label }));

const requiredSlug = (message: string) => z.string({ error: message }).trim().min(1, { message, abort: true }).max(64, { message, abort: true });

const titleOf = (max: number, tooLong: string) =>
  safeText({ required: RECOMMENDATION_MESSAGES.titleRequired, max, tooLong, label: 'The title', noMarkup: 'The title must not contain < or >.' });

/** Optional: the form sends null for an empty description, so blank text is refused rather than stored. */
const descriptionSchema = safeText({
  required: 'Leave the description empty rather than blank.',
  max: RECOMMENDATION_DESCRIPTION_MAX,
  tooLong: RECOMMENDATION_MESSAGES.descriptionTooLong,
  label: 'The description',
  multiline: true,
});

/** The link of pillar, question and answer: the question of that pillar's catalogue, the answer one of its options. */
const linkFields = {
  pillarSlug: requiredSlug(RECOMMENDATION_MESSAGES.pillarRequired).refine(isPillarSlug, { message: RECOMMENDATION_MESSAGES.pillarRequired }),
  questionSlug: requiredSlug(RECOMMENDATION_MESSAGES.questionRequired),
  answer: requiredSlug(RECOMMENDATION_MESSAGES.answerRequired),
  videoId: z
    .string({ error: RECOMMENDATION_MESSAGES.videoRequired })
    .min(1, { message: RECOMMENDATION_MESSAGES.videoRequired, abort: true })
    .pipe(boundedId('videoId')),
};

function checkLink(link: { pillarSlug: string; questionSlug: string; answer: string }, ctx: z.RefinementCtx) {
  const question = questionBySlug(link.questionSlug);
  if (!question?.inCatalogue || question.pillar !== link.pillarSlug) {
    ctx.addIssue({ code: 'custom', path: ['questionSlug'], message: RECOMMENDATION_MESSAGES.questionOfPillar });
  } else if (!question.options.some((option) => option.value === link.answer)) {
    ctx.addIssue({ code: 'custom', path: ['answer'], message: RECOMMENDATION_MESSAGES.answerOfQuestion });
  }
}

/** The add modal and `createVideoRecommendation(data)`: title (at most 16), pillar, question, answer, video. */
export const createRecommendationSchema = z
  .object({ title: titleOf(MODAL_TITLE_MAX, RECOMMENDATION_MESSAGES.modalTitleTooLong), ...linkFields })
  .superRefine(checkLink);
export type CreateRecommendationInput = z.infer<typeof createRecommendationSchema>;

/** The Details tab and `updateVideoRecommendation(id, data)`: the edit form's rules (docs/recommendations-and-challenges.md, "Recommendations"). */
export const updateRecommendationSchema = z
  .object({ title: titleOf(TITLE_MAX, RECOMMENDATION_MESSAGES.titleTooLong), description: descriptionSchema.nullish(), ...linkFields })
  .superRefine(checkLink);
export type UpdateRecommendationInput = z.infer<typeof updateRecommendationSchema>;

export const createRecommendationArgsSchema = z.object({ data: createRecommendationSchema });
export const updateRecommendationArgsSchema = z.object({ id: boundedId('id'), data: updateRecommendationSchema });
export const deleteRecommendationArgsSchema = z.object({ id: boundedId('id') });
export const recommendationsArgsSchema = z.object({
  take: z
    .number({ error: 'take must be a whole number.' })
    .int('take must be a whole number.')
    .min(1, 'take must be at least 1.')
    .max(MAX_RECOMMENDATION_TAKE, `take must be at most ${MAX_RECOMMENDATION_TAKE}.`)
    .nullish(),
  skip: z
    .number({ error: 'skip must be a whole number.' })
    .int('skip must be a whole number.')
    .min(0, 'skip must be at least 0.')
    .max(MAX_RECOMMENDATION_SKIP, `skip must be at most ${MAX_RECOMMENDATION_SKIP}.`)
    .nullish(),
});
