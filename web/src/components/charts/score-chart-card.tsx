import { daysBetween, type DayWindow } from '@core/dates';
import { type ScoreType, scoreTypeLabel } from '@core/pillars';
import type { ReactNode } from 'react';
import { WhenVisible } from '@/components/ui/when-visible/when-visible';
import { formatScoreDay } from '@/lib/score-display';
import { chartDays, type MemberLine, memberLines, type ScorePoint, scoreLine, seriesColour, seriesSummary } from './chart-data';
import { ScoreChart } from './score-chart';
import './charts.css';

interface ScoreChartCardProps {
  /** data-score-type of the card, for tests and styles. */
  type: string;
  title: string;
  colour: string;
  points: readonly ScorePoint[];
  /** The window drawn; null while none is known (nothing to draw). */
  window: DayWindow | null;
  /** How the window is named in the summary ("the last 7 days", "this range"). */
  windowName: string;
  /** Given, the points are each member's own (a concatenated team series): one line per member. */
  members?: readonly MemberLine[];
}

/**
 * One score over a window: its name and colour, the latest value and the average, and its chart: plain SVG, no chunk to
 * wait for, but drawn only once the card comes near the screen (WhenVisible), so a grid of nine charts does not draw
 * them all at load (docs/performance.md).
 */
export function ScoreChartCard({ type, title, colour, points, window, windowName, members }: ScoreChartCardProps) {
  const summary = seriesSummary(points);
  const drawn = window !== null && summary.count > 0;
  const counted = members
    ? `${summary.count} check-ins`
    : `${summary.count} of ${window ? daysBetween(window.startDate, window.endDate) + 1 : summary.count} days`;
  return (
    <li className="fg-chart-card" data-score-type={type}>
      <h3>
        <span className="fg-chart-card__swatch" style={{ background: colour }} aria-hidden="true" />
        {title}
      </h3>
      <p className="fg-chart-card__summary">
        {summary.latest
          ? `Latest ${summary.latest.value} (${formatScoreDay(summary.latest.date)}) · average ${summary.average} · ${counted}`
          : `No data in ${windowName}`}
      </p>
      {drawn ? (
        <WhenVisible minHeight={members ? '13.75rem' : '10rem'}>
          <CardChart title={title} colour={colour} points={points} window={window} windowName={windowName} members={members} />
        </WhenVisible>
      ) : null}
    </li>
  );
}

/** The card's chart; its lines are worked out only when it is drawn. */
function CardChart({ title, colour, points, window, windowName, members }: Omit<ScoreChartCardProps, 'type' | 'window'> & { window: DayWindow }) {
  return (
    <ScoreChart
      label={`${title}, ${windowName}`}
      days={chartDays(window)}
      lines={members ? memberLines(window, points, members) : [scoreLine(window, points, { name: title, colour })]}
      look={members ? 'members' : 'score'}
    />
  );
}

interface ScoreChartGridProps {
  series: readonly { type: ScoreType; points: readonly ScorePoint[] }[];
  window: DayWindow | null;
  windowName: string;
  /** More cards after the scores' (e.g. a team's charts with one line per member). */
  children?: ReactNode;
}

/** One card per score, each in its colour and named as the product names it. */
export function ScoreChartGrid({ series, window, windowName, children }: ScoreChartGridProps) {
  return (
    <ul className="fg-chart-grid">
      {series.map(({ type, points }) => (
        <ScoreChartCard
          key={type}
          type={type}
          title={scoreTypeLabel(type)}
          colour={seriesColour(type)}
          points={points}
          window={window}
          windowName={windowName}
        />
      ))}
      {children}
    </ul>
  );
}
