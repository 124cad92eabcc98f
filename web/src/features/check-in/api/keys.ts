import { browserTimeZone } from '@/lib/time-zone';

/** The check-in's query keys. */
export const checkInKeys = {
  all: ['check-in'] as const,
  /** The check-in page's day; a queued check-in sent from anywhere in the app puts its answer there. */
  today: () => [...checkInKeys.all, browserTimeZone()] as const,
  /** The gamer's answers of one score day ("Same as yesterday"). */
  answersOfDay: (date: string) => [...checkInKeys.all, 'answers-of-day', date] as const,
  /** This week's challenge (its key predates the factory and stays outside `all`). */
  weeklyChallenge: () => ['current-weekly-challenge'] as const,
};
