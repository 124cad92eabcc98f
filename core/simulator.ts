import { z } from 'zod';
import { scoreDaySchema } from './dates/validation';
import { type FgState, fgScoreSeries } from './scoring/fg-score';

/**
 * The public score simulator (docs/scoring.md, "The overall score (fgScore)"): the days a visitor picked, each with a
 * daily score and the Watched Videos box, run through the same fgScore function the server uses for gamers.
 */
export const simulatorDaySchema = z.object({
  date: scoreDaySchema,
  dailyScore: z
    .number({ error: 'Enter a daily score from 0 to 100.' })
    .int('Enter a whole number from 0 to 100.')
    .min(0, 'The daily score cannot be below 0.')
    .max(100, 'The daily score cannot be above 100.'),
  watchedVideos: z.boolean(),
});
export type SimulatorDay = z.infer<typeof simulatorDaySchema>;

export interface SimulationResult {
  /** Every calendar day from the first to the last picked day; days not picked count as missed. */
  days: FgState[];
  /** The fgScore on the last picked day; null when no day is picked. */
  finalScore: number | null;
  /** Consecutive picked days ending at the last picked day. */
  streak: number;
}

export function simulateFgScore(days: readonly SimulatorDay[]): SimulationResult {
  const series = fgScoreSeries(days);
  const last = series.at(-1);
  return { days: series, finalScore: last?.fgScore ?? null, streak: last?.streak ?? 0 };
}
