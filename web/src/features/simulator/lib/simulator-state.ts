import type { ScoreDay } from '@core/dates';
import { type SimulationResult, type SimulatorDay, simulatorDaySchema, simulateFgScore } from '@core/simulator';

/**
 * The simulator page's state: the picked days as typed (a score stays text until it is valid) and the day being
 * edited. Validation and the result come from core/simulator.ts, the same schema and fgScore function as the server's.
 */
export interface DraftDay {
  /** The daily score as typed. */
  score: string;
  watchedVideos: boolean;
}

interface SimulatorState {
  days: Record<ScoreDay, DraftDay>;
  /** The day the editor shows; null before any pick. */
  active: ScoreDay | null;
}

export const initialSimulatorState: SimulatorState = { days: {}, active: null };

export type SimulatorAction =
  | { type: 'pick'; date: ScoreDay }
  | { type: 'score'; date: ScoreDay; score: string }
  | { type: 'watched'; date: ScoreDay; watchedVideos: boolean }
  | { type: 'resetDay'; date: ScoreDay }
  | { type: 'resetAll' };

const NEW_DAY: DraftDay = { score: '', watchedVideos: false };

export function simulatorReducer(state: SimulatorState, action: SimulatorAction): SimulatorState {
  switch (action.type) {
    case 'pick':
      return { days: state.days[action.date] ? state.days : { ...state.days, [action.date]: NEW_DAY }, active: action.date };
    case 'score':
    case 'watched': {
      const current = state.days[action.date] ?? NEW_DAY;
      const next = action.type === 'score' ? { ...current, score: action.score } : { ...current, watchedVideos: action.watchedVideos };
      return { days: { ...state.days, [action.date]: next }, active: action.date };
    }
    case 'resetDay': {
      const { [action.date]: _removed, ...days } = state.days;
      return { ...state, days };
    }
    case 'resetAll':
      return initialSimulatorState;
  }
}

/** A typed score as a number for the schema: empty stays missing, anything that is not a plain number is NaN. */
export function parseScoreText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The day as the simulator counts it, or why it cannot count (the shared schema's message). */
export function validateDay(date: ScoreDay, draft: DraftDay): { day: SimulatorDay; problem: null } | { day: null; problem: string } {
  const parsed = simulatorDaySchema.safeParse({ date, dailyScore: parseScoreText(draft.score), watchedVideos: draft.watchedVideos });
  return parsed.success ? { day: parsed.data, problem: null } : { day: null, problem: parsed.error.issues[0]?.message ?? 'Check this day.' };
}

export interface SimulationView {
  /** Null while no day is picked or any picked day has no valid score. */
  result: SimulationResult | null;
  /** Why a picked day does not count yet, by date. */
  problems: Record<ScoreDay, string>;
  pickedDays: ScoreDay[];
  /** The valid daily scores, by date. */
  dailyScores: Record<ScoreDay, number>;
}

export function simulationOf(state: SimulatorState): SimulationView {
  const pickedDays = Object.keys(state.days).sort();
  const problems: Record<ScoreDay, string> = {};
  const valid: SimulatorDay[] = [];
  for (const date of pickedDays) {
    const checked = validateDay(date, state.days[date]!);
    if (checked.day) valid.push(checked.day);
    else problems[date] = checked.problem;
  }
  const complete = pickedDays.length > 0 && Object.keys(problems).length === 0;
  const dailyScores = Object.fromEntries(valid.map((day) => [day.date, day.dailyScore]));
  return { result: complete ? simulateFgScore(valid) : null, problems, pickedDays, dailyScores };
}
