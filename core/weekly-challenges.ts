import { z } from 'zod';
import { isoWeekOf, type ScoreDay } from './dates';
import { boundedId, safeText } from './validation/fields';

/**
 * Weekly challenges (docs/recommendations-and-challenges.md, "Weekly challenges"): one challenge per ISO calendar week,
 * a year, a week and a description. Shared by the weekly-challenges Lambda and the admin page
 * (docs/recommendations-and-challenges.md).
 */

/** The description limit of the back office (docs/recommendations-and-challenges.md, "Weekly challenges"). */
export const MAX_CHALLENGE_DESCRIPTION_LENGTH = 1000;
/** Far enough either way for any challenge an admin plans or looks back on. */
const MIN_CHALLENGE_YEAR = 2000;
const MAX_CHALLENGE_YEAR = 2100;
/** ISO years have 52 or 53 weeks. */
const MAX_ISO_WEEK = 53;

/** The spec's texts, letter for letter (docs/recommendations-and-challenges.md, "Weekly challenges"). */
export const CHALLENGE_TEXTS = {
  errorTitle: 'Oops! Something is not right.',
  duplicate: 'You may be trying to create a challenge that already exists for that week',
  creating: "We're having some trouble creating that challenge. Please try again later.",
  // The spec folds four messages into one ("creating/getting all the/updating/deleting that challenge"); the listing's reads "all the challenges".
  getting: "We're having some trouble getting all the challenges. Please try again later.",
  updating: "We're having some trouble updating that challenge. Please try again later.",
  deleting: "We're having some trouble deleting that challenge. Please try again later.",
  descriptionRequired: 'A description is required.',
  descriptionTooLong: `Description should be less than ${MAX_CHALLENGE_DESCRIPTION_LENGTH} characters.`,
  weekRequired: 'Choose a week for the challenge.',
  noSuchWeek: 'That year has no such week.',
} as const;

/** Whether an ISO year has a week 53: its 28 December (always in the year's last week) says how many it has. */
function isoWeeksIn(year: number): number {
  return isoWeekOf(`${year}-12-28`).week;
}

/** Challenge descriptions are shown as text, never as HTML: markup is text there. */
export const challengeDescriptionSchema = safeText({
  required: CHALLENGE_TEXTS.descriptionRequired,
  max: MAX_CHALLENGE_DESCRIPTION_LENGTH,
  tooLong: CHALLENGE_TEXTS.descriptionTooLong,
  label: 'The description',
  multiline: true,
});

const yearField = z
  .number({ error: 'year must be a whole number.' })
  .int('year must be a whole number.')
  .min(MIN_CHALLENGE_YEAR, `year must be at least ${MIN_CHALLENGE_YEAR}.`)
  .max(MAX_CHALLENGE_YEAR, `year must be at most ${MAX_CHALLENGE_YEAR}.`);
const weekField = z
  .number({ error: CHALLENGE_TEXTS.weekRequired })
  .int('week must be a whole number.')
  .min(1, 'week must be at least 1.')
  .max(MAX_ISO_WEEK, `week must be at most ${MAX_ISO_WEEK}.`);

/** The admin page's form, and `createWeeklyChallenge(data)`. */
export const weeklyChallengeInputSchema = z
  .object({ year: yearField, week: weekField, description: challengeDescriptionSchema })
  // zod runs this even when the year itself was refused: only a year in range has weeks to count.
  .refine(({ year, week }) => !yearField.safeParse(year).success || week <= isoWeeksIn(year), { message: CHALLENGE_TEXTS.noSuchWeek });
export type WeeklyChallengeInput = z.infer<typeof weeklyChallengeInputSchema>;

const whereSchema = z.object({ id: boundedId('id') });
export const createWeeklyChallengeArgsSchema = z.object({ data: weeklyChallengeInputSchema });
export const updateWeeklyChallengeArgsSchema = z.object({ where: whereSchema, data: z.object({ description: challengeDescriptionSchema }) });
export const deleteWeeklyChallengeArgsSchema = z.object({ where: whereSchema });

export interface ChallengeWeek {
  year: number;
  week: number;
}

/** Orders weeks in time: by year, then week (the spec lists challenges by year ascending). */
export const byWeek = (a: ChallengeWeek, b: ChallengeWeek) => a.year - b.year || a.week - b.week;

type ChallengeTiming = 'past' | 'current' | 'upcoming';

/** Whether a challenge's week is before, at or after the week of `today`. */
export function timingOf(challenge: ChallengeWeek, today: ScoreDay): ChallengeTiming {
  const order = byWeek(challenge, isoWeekOf(today));
  return order < 0 ? 'past' : order > 0 ? 'upcoming' : 'current';
}

/** The filters of the week cards (docs/recommendations-and-challenges.md, "Weekly challenges"). */
export const CHALLENGE_FILTERS = [
  { value: 'all', label: 'Show All' },
  { value: 'past', label: 'Show Past' },
  { value: 'upcoming', label: 'Show Upcoming' },
] as const;
export type ChallengeFilter = (typeof CHALLENGE_FILTERS)[number]['value'];

/** Show Past: weeks before this one. Show Upcoming: this week and later (what gamers see now and next). */
export function matchesFilter(challenge: ChallengeWeek, filter: ChallengeFilter, today: ScoreDay): boolean {
  if (filter === 'all') return true;
  const timing = timingOf(challenge, today);
  return filter === 'past' ? timing === 'past' : timing !== 'past';
}

/** The Monday and Sunday of an ISO week, as YYYY-MM-DD. */
export function weekDays({ year, week }: ChallengeWeek): { monday: ScoreDay; sunday: ScoreDay } {
  // 4 January is always in week 1; its week's Monday starts week 1.
  const fourth = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(fourth.getTime() - ((fourth.getUTCDay() + 6) % 7) * 86_400_000 + (week - 1) * 7 * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { monday: monday.toISOString().slice(0, 10), sunday: sunday.toISOString().slice(0, 10) };
}
