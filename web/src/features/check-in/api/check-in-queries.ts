import { queryOptions, useQuery } from '@tanstack/react-query';
import { browserTimeZone } from '@/lib/time-zone';
import { getCurrentWeeklyChallenge, getMyAnswersOfDay, getMyCheckIn } from './check-in';
import { checkInKeys } from './keys';

const myCheckInOptions = () => queryOptions({ queryKey: checkInKeys.today(), queryFn: () => getMyCheckIn(browserTimeZone()) });

/** Today's check-in on the gamer's clock: its questions, the answers so far and the day's scores. */
export const useMyCheckIn = () => useQuery(myCheckInOptions());

const myAnswersOfDayOptions = (date: string) =>
  // A closed day's answers no longer change.
  queryOptions({ queryKey: checkInKeys.answersOfDay(date), queryFn: () => getMyAnswersOfDay(date), staleTime: Infinity });

/** The signed-in gamer's answers of one score day. */
export const useMyAnswersOfDay = (date: string) => useQuery(myAnswersOfDayOptions(date));

const currentWeeklyChallengeOptions = () =>
  queryOptions({ queryKey: checkInKeys.weeklyChallenge(), queryFn: getCurrentWeeklyChallenge, staleTime: 10 * 60_000 });

/** This week's challenge, when admins posted one. */
export const useCurrentWeeklyChallenge = () => useQuery(currentWeeklyChallengeOptions());
