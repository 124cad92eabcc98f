import { z } from 'zod';
import { checkInSubmissionSchema } from './check-in';
import { daysBetween, DEFAULT_WINDOW_DAYS, type DayWindow, MAX_WINDOW_DAYS, isScoreDay, lastNDays, type ScoreDay } from './dates';
import { timeZoneSchema } from './dates/validation';
import { PILLAR_SLUGS, SCORE_TYPES } from './pillars';
import { questionBySlug } from './questionnaire';
import type { PillarScore } from './scoring/pillar';
import { memberListSchema } from './teams';
import { boundedId, boundedInt, MAX_QUESTION_SLUG_LENGTH, MAX_TIME_ZONE_LENGTH } from './validation/fields';

/**
 * Arguments of the score and answer API (docs/scoring.md, "Windows"; docs/validation.md), validated the same way by the
 * server and the web app. Windows are score days, both ends included (at most MAX_WINDOW_DAYS); see
 * `resolveScoreWindow` for the defaults.
 */

export const dayField = (name: string) =>
  z
    .string({ error: `${name} must be a date in the form YYYY-MM-DD.` })
    .max('YYYY-MM-DD'.length, { message: `${name} must be a date in the form YYYY-MM-DD.`, abort: true })
    .refine(isScoreDay, { message: `${name} must be a real date in the form YYYY-MM-DD.` });

const windowFields = {
  startDate: dayField('startDate').nullish(),
  endDate: dayField('endDate').nullish(),
  days: boundedInt('days', 1, MAX_WINDOW_DAYS).nullish(),
};

export interface ScoreWindowArgs {
  startDate?: ScoreDay | null;
  endDate?: ScoreDay | null;
  days?: number | null;
}

type ScoreWindowResult = { window: DayWindow; problem?: undefined } | { window?: undefined; problem: string };

/**
 * The window a request asks for, given the viewer's current score day. Without dates: the last `days` days (7 by
 * default) ending today. With only endDate: the `days` days ending then. With only startDate: from it to today.
 */
export function resolveScoreWindow({ startDate, endDate, days }: ScoreWindowArgs, today: ScoreDay): ScoreWindowResult {
  if (startDate && days) return { problem: 'Give startDate or days, not both.' };
  const end = endDate ?? today;
  const window = startDate ? { startDate, endDate: end } : lastNDays(end, days ?? DEFAULT_WINDOW_DAYS);
  const span = daysBetween(window.startDate, window.endDate) + 1;
  if (span < 1) return { problem: 'startDate must not be after endDate.' };
  if (span > MAX_WINDOW_DAYS) return { problem: `A window spans at most ${MAX_WINDOW_DAYS} days.` };
  return { window };
}

const scoreTypeField = z
  .enum(SCORE_TYPES, { error: `type must be one of: ${SCORE_TYPES.join(', ')}.` })
  .nullish()
  .transform((type) => type ?? 'fgScore');

const pillarField = z.enum(PILLAR_SLUGS, { error: `pillarSlug must be one of: ${PILLAR_SLUGS.join(', ')}.` });

/** A time zone argument; its length is checked before the runtime is asked about it. */
const timeZoneField = z
  .string({ error: 'timeZone must be an IANA time zone such as Europe/Berlin.' })
  .max(MAX_TIME_ZONE_LENGTH, { message: 'timeZone must be an IANA time zone such as Europe/Berlin.', abort: true })
  .pipe(timeZoneSchema);

/** A client's key of one check-in: a UUID (crypto.randomUUID), 36 characters. */
const MAX_CHECK_IN_ID_LENGTH = 36;
const CHECK_IN_ID_MESSAGE = 'checkInId must be a UUID.';

/**
 * `submitAnswers`: the check-in of the current score day, plus the videos flag and the client's time zone. A client
 * that may send a check-in again (the offline queue) names it with `checkInId` and the day it was answered for with
 * `forDate` (docs/scoring.md, "Sending a check-in again").
 */
export const submitAnswersArgsSchema = z.intersection(
  checkInSubmissionSchema,
  z.object({
    watchedVideos: z.boolean({ error: 'watchedVideos must be true or false.' }).nullish(),
    timeZone: timeZoneField.nullish(),
    checkInId: z
      .string({ error: CHECK_IN_ID_MESSAGE })
      .max(MAX_CHECK_IN_ID_LENGTH, { message: CHECK_IN_ID_MESSAGE, abort: true })
      .pipe(z.uuid({ error: CHECK_IN_ID_MESSAGE }))
      .transform((id) => id.toLowerCase())
      .nullish(),
    forDate: dayField('forDate').nullish(),
  }),
);
export type SubmitAnswersArgs = z.output<typeof submitAnswersArgsSchema>;

/**
 * `myCheckIn` and `submitAnswers` answer with one score day and every score it gives (schema.graphql DayScoresResult).
 * The server fills in whole answers and pillar scores; a reader may select only the fields below.
 */
export interface CheckInDay<
  Answer extends { questionSlug: string; value: string } = { questionSlug: string; value: string },
  Pillar extends Pick<PillarScore, 'pillarSlug' | 'score' | 'completenessScore'> = Pick<PillarScore, 'pillarSlug' | 'score' | 'completenessScore'>,
> {
  userId: string;
  date: ScoreDay;
  timeZone: string;
  /** When the day ends (4 am local the next day); corrections are accepted until then. */
  closesAt: string;
  answers: Answer[];
  checkedIn: boolean;
  pillars: Pillar[];
  dailyScore: number | null;
  gameReadiness: number | null;
  gamePerformance: number | null;
  gaming: boolean;
  avgCompletion: number;
  watchedVideos: boolean;
  fgScore: number | null;
  streak: number;
}

/** `myCheckIn`: the current score day; a time zone, when given, is the one the next submission will use. */
export const checkInArgsSchema = z.object({ timeZone: timeZoneField.nullish() });

/** `myScore`: a gamer's score card (the caller's own when userId is left out). */
export const scoreArgsSchema = z.object({ userId: boundedId('userId').nullish() });

export const scoreStatsArgsSchema = z.object({ userId: boundedId('userId').nullish(), type: scoreTypeField, ...windowFields });
export type ScoreStatsArgs = z.output<typeof scoreStatsArgsSchema>;

export const teamScoreStatsArgsSchema = z.object({ teamId: boundedId('teamId'), type: scoreTypeField, ...windowFields });
export type TeamScoreStatsArgs = z.output<typeof teamScoreStatsArgsSchema>;

export const teamDataStatsArgsSchema = z.object({ teamId: boundedId('teamId'), ...windowFields });
export type TeamDataStatsArgs = z.output<typeof teamDataStatsArgsSchema>;

/** `userScoreStatistics`: one gamer's user score statistics over a window (the caller's own when userId is left out). */
export const userScoreStatisticsArgsSchema = z.object({ userId: boundedId('userId').nullish(), ...windowFields });

/** `teamMemberScores`: each gamer of a team with his scores now and his check-ins over a window. */
export const teamMemberScoresArgsSchema = z.object({ teamId: boundedId('teamId'), ...windowFields });

export const userAnswersArgsSchema = z.object({
  userId: boundedId('userId').nullish(),
  pillarSlug: pillarField.nullish(),
  ...windowFields,
});
export type UserAnswersArgs = z.output<typeof userAnswersArgsSchema>;

const questionSlugField = z
  .string({ error: 'questionSlug is required.' })
  .max(MAX_QUESTION_SLUG_LENGTH, { message: 'There is no question with this questionSlug.', abort: true })
  .refine((slug) => questionBySlug(slug) !== undefined, { message: 'There is no question with this questionSlug.' });

export const userAnswerBySlugArgsSchema = z.object({
  questionSlug: questionSlugField,
  date: dayField('date').nullish(),
  userId: boundedId('userId').nullish(),
});
export type UserAnswerBySlugArgs = z.output<typeof userAnswerBySlugArgsSchema>;

/**
 * `teamWithStats`: the team's member list (filtered, ordered, paged as `team`'s) with each listed member's score card
 * on `currentDate` (the member's own current score day when left out) and answer to `questionSlug` on that day.
 */
export const teamWithStatsArgsSchema = memberListSchema.extend({
  teamId: boundedId('teamId'),
  currentDate: dayField('currentDate').nullish(),
  questionSlug: questionSlugField.nullish(),
});

/** `publishTeamCheckIn`, the scoring Lambda's own announcement that a member of a team checked in (onTeamCheckIn). */
export const teamCheckInSchema = z.object({
  teamId: boundedId('teamId'),
  userId: boundedId('userId'),
  date: dayField('date'),
  at: z.iso.datetime({ error: 'at must be an ISO date-time.' }),
});
export type TeamCheckIn = z.infer<typeof teamCheckInSchema>;
