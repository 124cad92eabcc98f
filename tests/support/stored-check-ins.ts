import type { AnswerInput } from '@core/check-in';
import { type ScoreDay, scoreDayBounds } from '@core/dates';
import { dynamoScoreStore } from '../../lambdas/lib/stores/score-store';
import { historyOf } from '../../lambdas/scoring/history';

/**
 * Stores a gamer's check-in of an earlier score day, as the check-in would have written it when that day began
 * (through the bulk loader, `lambdas/scoring/history.ts`): what "Same as yesterday" reads, without waiting a day.
 */
export async function storeEarlierCheckIn(
  userId: string,
  timeZone: string,
  date: ScoreDay,
  answers: AnswerInput[],
  watchedVideos = false,
): Promise<void> {
  const checkIn = { date, answers, watchedVideos, at: scoreDayBounds(date, timeZone).start };
  await dynamoScoreStore.importHistory(historyOf([{ userId, timeZone, teamIds: [], checkIns: [checkIn] }]));
}
