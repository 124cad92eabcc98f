import type { ScoreDay } from '@core/dates';
import { type ScoreSummary, scoreSummary } from '@core/scoring';
import type { ScoreStore } from './stores/score-store';

/**
 * A gamer's score card on `today` (the GraphQL Score): one Query of the latest 2 days up to `today` (data-model #19).
 * `myScore` reads the gamer's own; `teamWithStats` each listed member's.
 */
export async function scoreCardOf(
  userId: string,
  today: ScoreDay,
  scores: Pick<ScoreStore, 'latestDays'>,
): Promise<ScoreSummary & { userId: string; date: ScoreDay }> {
  const [latest, beforeLatest] = await scores.latestDays(userId, 2, today);
  const todayDay = latest?.date === today ? latest : null;
  const lastBeforeToday = (todayDay ? beforeLatest : latest) ?? null;
  return { userId, date: today, ...scoreSummary({ today, todayDay, lastStateBeforeToday: lastBeforeToday?.fg ?? null }) };
}
