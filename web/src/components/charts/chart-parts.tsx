import { type KeyboardEvent, useState } from 'react';
import { formatScoreDay } from '@/lib/score-display';
import type { ChartDay, ChartLine } from './chart-data';

/** score: one score with the area under its line; members: a team's game score, one line per member and a legend. */
export const LOOKS = {
  score: { height: 160, dot: 3, area: true, legend: false },
  members: { height: 220, dot: 2, area: false, legend: true },
} as const;

export type ChartLook = keyof typeof LOOKS;

/** Drawn at this width until the container is measured (and in jsdom, which lays nothing out). */
export const FALLBACK_WIDTH = 320;

export const Y_TICKS = [0, 50, 100];
/** Up to a month, each day's point is drawn as a dot; beyond that the dots would crowd the line. */
export const MAX_DAYS_WITH_DOTS = 31;

export interface ScoreChartProps {
  /** Names the chart for assistive technology, e.g. "Sleep, the last 7 days". */
  label: string;
  days: readonly ChartDay[];
  /** Each with one value per day (null: no point, the line bridges the day). */
  lines: readonly ChartLine[];
  look: ChartLook;
}

export const valueOn = (line: ChartLine, day: number) => line.values[day] ?? null;

/**
 * The day a chart's reader picks: Left, Right, Home and End move it (Right starts at the first day, Left at the last),
 * Escape hides it; a pointer sets it directly.
 */
export function useDayReading(dayCount: number) {
  const [active, setActive] = useState<number | null>(null);
  const last = dayCount - 1;
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active === null ? 0 : Math.min(last, active + 1),
      ArrowLeft: active === null ? last : Math.max(0, active - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Escape') {
      setActive(null);
    }
  };
  return { active, setActive, onKeyDown, clear: () => setActive(null) };
}

interface DayReadoutProps {
  days: readonly ChartDay[];
  lines: readonly ChartLine[];
  active: number | null;
  /** Where the box sits beside the picked day: its x in the chart and the chart's width. */
  x: number;
  width: number;
}

/** The picked day's date and each line's value, in a live region, so the keyboard's day reads out as it changes. */
export function DayReadout({ days, lines, active, x, width }: DayReadoutProps) {
  return (
    <div role="status">
      {active !== null ? (
        <div className="fg-chart__tooltip" style={x < width / 2 ? { left: x + 12 } : { right: width - x + 12 }}>
          <p>{formatScoreDay(days[active]!.date)}</p>
          <ul>
            {lines.map((line) => (
              <li key={line.id}>
                <span className="fg-chart__swatch" style={{ background: line.colour }} aria-hidden="true" />
                {line.name}: {valueOn(line, active) ?? 'No data'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** A team chart's legend under the plot: each member's colour and name. */
export function ChartLegend({ lines }: { lines: readonly ChartLine[] }) {
  return (
    <ul className="fg-chart__legend">
      {lines.map((line) => (
        <li key={line.id}>
          <span className="fg-chart__swatch" style={{ background: line.colour }} aria-hidden="true" />
          {line.name}
        </li>
      ))}
    </ul>
  );
}
