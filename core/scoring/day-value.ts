/**
 * One score of a stored day, apart from member-day.ts so readers of stored days (baselines on the gamer's pages,
 * statistics) do not load the scoring of answers and the questionnaire it imports.
 */
import { isPillarSlug, type ScoreType } from '../pillars';
import type { MemberDay } from './member-day';

/** The value of one score type on a day; null when the day has none. */
export function dayScoreValue(day: MemberDay, type: ScoreType): number | null {
  if (isPillarSlug(type)) return day.pillars[type].score;
  switch (type) {
    case 'fgScore':
      return day.fg?.fgScore ?? null;
    case 'daily':
      return day.dailyScore;
    case 'gameReadiness':
      return day.gameReadiness;
    case 'gamePerformance':
      return day.gamePerformance;
  }
}
