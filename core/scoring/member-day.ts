import type { AnswerInput } from '../check-in';
import type { ScoreDay } from '../dates';
import type { DayBaselines } from './baseline';
import { type DayScores, scoreDay } from './day';
import { advanceFgState, type FgState } from './fg-score';

/** What is stored per gamer per score day: the day's scores plus the fgScore state after it. */
export interface MemberDay extends DayScores {
  userId: string;
  /** The overall score state after this day; `fg.fgScore` is the day's fgScore. Null until the first check-in. */
  fg: FgState | null;
  /**
   * The gamer's own normal on this day: each score's baseline over the 28 days before it (docs/scoring.md,
   * "Baselines"), stored by the check-in. Absent on days stored before baselines existed.
   */
  baselines?: DayBaselines;
}

interface MemberDayInput {
  userId: string;
  date: ScoreDay;
  /** All of the day's answers (after a correction: the full, corrected set). */
  answers: readonly AnswerInput[];
  /** fgScore state of the gamer's last stored day BEFORE `date` (null if none). */
  previous: FgState | null;
  watchedVideos: boolean;
}

export function buildMemberDay({ userId, date, answers, previous, watchedVideos }: MemberDayInput): MemberDay {
  const day = scoreDay(date, answers);
  return { ...day, userId, fg: advanceFgState(previous, { date, dailyScore: day.dailyScore, watchedVideos }) };
}
