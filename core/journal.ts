import { z } from 'zod';
import { isPillarSlug, PILLAR_SLUGS, type PillarSlug } from './pillars';
import { questionBySlug } from './questionnaire';
import { dayField } from './score-api';
import { READINESS_PILLAR_WEIGHTS } from './scoring/constants';
import type { PillarScore } from './scoring/pillar';
import { boundedId, boundedInt, boundedToken, MAX_QUESTION_SLUG_LENGTH, safeText } from './validation/fields';

/**
 * The journal's rules (docs/journal.md): comment length counted without markup, the
 * arguments of the comment calls, and which pillar pulled a Not Ready game readiness down. Shared by the journal
 * Lambda and the web forms.
 */

/** At most 1000 characters, counted with markup tags removed (docs/journal.md, "Comments"). */
export const MAX_COMMENT_LENGTH = 1000;
/**
 * The stored text's own bound: markup does not count towards MAX_COMMENT_LENGTH, so without this a comment could
 * carry any amount of it. Ten times the visible limit leaves room for any formatting an editor adds.
 */
export const MAX_COMMENT_RAW_LENGTH = 10 * MAX_COMMENT_LENGTH;

/** A markup tag: `<` then a letter, `/` or `!`, up to the next `>`. A lone `<` ("3 < 4") is text, not a tag. */
const MARKUP_TAG = /<[a-zA-Z/!][^<>]*>/g;

export function withoutMarkup(text: string): string {
  return text.replace(MARKUP_TAG, '');
}

/** Characters (code points, so an emoji counts once) left once markup tags are removed. */
export function textLength(text: string): number {
  return [...withoutMarkup(text)].length;
}

export const COMMENT_MESSAGES = {
  required: 'A comment is required.',
  tooLong: `A comment can be at most ${MAX_COMMENT_LENGTH} characters.`,
  tooLongRaw: `A comment can be at most ${MAX_COMMENT_RAW_LENGTH} characters including formatting.`,
} as const;

/** A comment's content: stored as typed and always shown as text, never rendered as HTML. */
export const commentContentSchema = safeText({
  required: COMMENT_MESSAGES.required,
  max: MAX_COMMENT_RAW_LENGTH,
  tooLong: COMMENT_MESSAGES.tooLongRaw,
  label: 'A comment',
  multiline: true,
}).superRefine((text, ctx) => {
  const visible = withoutMarkup(text).trim();
  if (visible === '') ctx.addIssue({ code: 'custom', message: COMMENT_MESSAGES.required, abort: true });
  else if (textLength(text) > MAX_COMMENT_LENGTH) ctx.addIssue({ code: 'custom', message: COMMENT_MESSAGES.tooLong, abort: true });
});

const pillarField = z
  .string({ error: 'pillarSlug must be a pillar.' })
  .max(MAX_QUESTION_SLUG_LENGTH, { message: 'pillarSlug must be a pillar.', abort: true })
  .refine(isPillarSlug, { message: `pillarSlug must be one of ${PILLAR_SLUGS.join(', ')}.` });

const questionField = z
  .string({ error: 'questionSlug must be a question of the check-in.' })
  .max(MAX_QUESTION_SLUG_LENGTH, { message: 'questionSlug must be a question of the check-in.', abort: true });

/** `createComment`: `userId` is the gamer whose answer (`date`, `questionSlug`) the comment is on. */
export const createCommentArgsSchema = z
  .object({
    teamId: boundedId('teamId'),
    userId: boundedId('userId'),
    date: dayField('date'),
    pillarSlug: pillarField,
    questionSlug: questionField,
    content: commentContentSchema,
    answerTo: boundedId('answerTo').nullish(),
  })
  .refine(({ pillarSlug, questionSlug }) => questionBySlug(questionSlug)?.pillar === pillarSlug, {
    message: 'questionSlug must be a question of that pillar.',
  });
export type CreateCommentArgs = z.output<typeof createCommentArgsSchema>;

export const updateCommentArgsSchema = z.object({ data: z.object({ id: boundedId('id'), content: commentContentSchema }) });

/** `deleteComment(id, userId)`: `userId` is the caller's own id (one deletes only one's own comments). */
export const deleteCommentArgsSchema = z.object({ id: boundedId('id'), userId: boundedId('userId').nullish() });

/** `getJournalComments(teamId, date, userId)`: one member's comments of the day, or every member's without userId. */
export const journalCommentsArgsSchema = z.object({ teamId: boundedId('teamId'), date: dayField('date'), userId: boundedId('userId').nullish() });

export const repliedCommentArgsSchema = z.object({ answerTo: boundedId('answerTo') });

/** `teamJournal(teamId, date)`, `readinessAlerts(teamId, date)` and `readJournalDay(teamId, date)`. */
export const teamDayArgsSchema = z.object({ teamId: boundedId('teamId'), date: dayField('date') });

/** `clearTeamNotifications(userId, teamId)`: the caller's own count (userId, when given, must be the caller). */
export const clearNotificationsArgsSchema = z.object({ teamId: boundedId('teamId'), userId: boundedId('userId').nullish() });

/** `onJournalComment(teamId, userId)`. */
export const journalSubscriptionArgsSchema = z.object({ teamId: boundedId('teamId'), userId: boundedId('userId').nullish() });

/** The most comments on the caller's own days one call of `myJournalComments` answers (and the default). */
const MAX_OWN_COMMENTS_PAGE = 50;
export const DEFAULT_OWN_COMMENTS_PAGE = 20;

/** `myJournalComments(take, cursor)`: a page of the comments on the caller's own days, newest first. */
export const ownCommentsArgsSchema = z.object({
  take: boundedInt('take', 1, MAX_OWN_COMMENTS_PAGE).nullish(),
  cursor: boundedToken('The paging cursor is not valid. Start again from the first page.', 2048).nullish(),
});

/** `journalUnreadDays(teamId)`: the caller's days with unread comments in a team (`readJournalDay` takes `teamDayArgsSchema`). */
export const unreadDaysArgsSchema = z.object({ teamId: boundedId('teamId') });

/** `updateNotificationSettings(readinessAlertEmails, nudges)`: nudges (a gamer's, docs/reminders.md) kept when not given. */
export const notificationSettingsArgsSchema = z.object({
  readinessAlertEmails: z.boolean({ error: 'readinessAlertEmails must be true or false.' }),
  nudges: z.boolean({ error: 'nudges must be true or false.' }).nullish(),
});

/** Whom a new comment concerns: the gamer whose answer it is, the team's director and coaches; never its author. */
export function commentRecipients({
  gamerId,
  ownerId,
  coachIds,
  authorId,
}: {
  gamerId: string;
  ownerId: string;
  coachIds: readonly string[];
  authorId: string;
}): string[] {
  return [...new Set([gamerId, ownerId, ...coachIds])].filter((userId) => userId !== authorId);
}

/**
 * The pillar that pulled game readiness down the most: the largest weighted shortfall from 100 (a pillar without
 * answers counts 0, as in the readiness score itself). Ties go to the pillar listed first in READINESS_PILLAR_WEIGHTS.
 */
export function pillarPullingReadinessDown(pillars: Record<PillarSlug, Pick<PillarScore, 'score'>>): PillarSlug {
  const shortfall = (slug: PillarSlug) => READINESS_PILLAR_WEIGHTS[slug] * (100 - (pillars[slug].score ?? 0));
  const bySlug = Object.keys(READINESS_PILLAR_WEIGHTS) as PillarSlug[];
  return bySlug.reduce((worst, slug) => (shortfall(slug) > shortfall(worst) ? slug : worst));
}
