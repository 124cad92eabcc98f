import type { AnswerInput } from '@core/check-in';
import type { ScoreDay } from '@core/dates';
import { applyMemberDayChange, BASELINE_WINDOW_DAYS, memberBaselines } from '@core/scoring';
import { type ScoreHistory, storedAnswer, type StoredMemberDay, type TeamDayRecord } from '../lib/stores/score-store';
import { memberDayRecord, withDayAnswers } from './check-in';

/**
 * A whole history of check-ins turned into the items the check-ins themselves would have written (member days with
 * their answers, chained day after day, and team day aggregates), for loading in bulk with `ScoreStore.importHistory`: demo data
 * and benchmarks, where one transaction per day would take minutes. Same rules as `submitAnswers`, applied in order.
 */
export interface GamerHistory {
  userId: string;
  timeZone: string;
  /** The teams the gamer plays in. */
  teamIds: string[];
  /** One check-in per day, in any order; `at` is when it was sent (within that score day). */
  checkIns: { date: ScoreDay; answers: AnswerInput[]; watchedVideos: boolean; at: Date }[];
}

export function historyOf(gamers: readonly GamerHistory[]): ScoreHistory {
  const history: ScoreHistory = { days: [], teamDays: [] };
  const aggregates = new Map<string, TeamDayRecord>();
  for (const gamer of gamers) {
    let previous: StoredMemberDay | null = null;
    const earlier: StoredMemberDay[] = [];
    for (const checkIn of [...gamer.checkIns].sort((a, b) => a.date.localeCompare(b.date))) {
      const at = checkIn.at.toISOString();
      const answers = checkIn.answers.map((answer) => storedAnswer(gamer.userId, checkIn.date, answer, at));
      // As the check-in computes them: from the days before within the window (one a date, so the last 28 hold them all).
      const baselines = memberBaselines(earlier.slice(-BASELINE_WINDOW_DAYS), checkIn.date);
      const day = withDayAnswers(
        memberDayRecord({ userId: gamer.userId, ...checkIn, timeZone: gamer.timeZone, at, current: null, previous, baselines }),
        answers,
      );
      earlier.push(day);
      history.days.push(day);
      for (const teamId of gamer.teamIds) {
        const key = `${teamId}|${checkIn.date}`;
        const earlier = aggregates.get(key);
        aggregates.set(key, {
          teamId,
          aggregate: applyMemberDayChange(earlier?.aggregate ?? null, null, day),
          updatedAt: earlier && earlier.updatedAt > at ? earlier.updatedAt : at,
          // As the check-in's own count of the day in the team leaves them: its version, and one more write of the team day.
          versions: { ...earlier?.versions, [gamer.userId]: day.version },
          rev: (earlier?.rev ?? 0) + 1,
        });
      }
      previous = day;
    }
  }
  history.teamDays = [...aggregates.values()];
  return history;
}
