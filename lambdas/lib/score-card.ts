import type { ScoreDay } from '@core/dates';
import { type ScoreSummary, scoreSummary } from '@core/scoring';
import type { ScoreStore, StoredMemberDay } from './stores/score-store';

type ScoreCard = ScoreSummary & { userId: string; date: ScoreDay };

/**
 * A gamer's score card on `today` (the GraphQL Score): one Query of the latest 2 days up to `today` (data-model #19).
 * `myScore` reads the gamer's own; `teamWithStats` each listed member's.
 */
export async function scoreCardOf(userId: string, today: ScoreDay, scores: Pick<ScoreStore, 'latestDays'>): Promise<ScoreCard> {
  return (await scoreCardWithLatestDay(userId, today, scores)).card;
}

/** The score card and the gamer's latest stored day up to `today` (the recap shows its pillars), from the same Query. */
export async function scoreCardWithLatestDay(
  userId: string,
  today: ScoreDay,
  scores: Pick<ScoreStore, 'latestDays'>,
): Promise<{ card: ScoreCard; latestDay: StoredMemberDay | null }> {
  const [latest, beforeLatest] = await scores.latestDays(userId, 2, today);
  const todayDay = latest?.date === today ? latest : null;
  const lastBeforeToday = (todayDay ? beforeLatest : latest) ?? null;
  const card = { userId, date: today, ...scoreSummary({ today, todayDay, lastStateBeforeToday: lastBeforeToday?.fg ?? null }) };
  return { card, latestDay: latest ?? null };
}
