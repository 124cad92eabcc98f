import { daysBetween, type DayWindow } from '@core/dates';
import { type ScoreType, scoreTypeLabel } from '@core/pillars';
import { createContext, lazy, type ReactNode, Suspense, useContext } from 'react';
import { useInView } from '@/hooks/use-in-view';
import { formatScoreDay } from '@/lib/score-display';
import { chartRows, memberChartRows, type MemberLine, type ScorePoint, seriesColour, seriesSummary } from './chart-data';
import './charts.css';

// recharts is large (about 100 KB gzipped, and long to start): its chunk loads only when a chart is drawn, and a grid
// draws its charts once it comes on screen, so the score tiles above draw first and a phone that never scrolls down
// never loads it.
const ScoreChart = lazy(async () => ({ default: (await import('./score-chart')).ScoreChart }));
const MemberScoreChart = lazy(async () => ({ default: (await import('./member-score-chart')).MemberScoreChart }));

/** Whether the charts may be drawn: false until the grid around them has been on screen. */
const ChartsOnScreen = createContext(true);

/** Holds a chart's place (its height) until it is drawn. */
const CHART_PLACEHOLDER = <div className="fg-chart-card__placeholder" />;

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

/** One score over a window: its name and colour, the latest value and the average, and its chart (lazily loaded). */
export function ScoreChartCard({ type, title, colour, points, window, windowName, members }: ScoreChartCardProps) {
  const summary = seriesSummary(points);
  const onScreen = useContext(ChartsOnScreen);
  const drawn = window !== null && summary.count > 0;
  const counted = members ? `${summary.count} check-ins` : `${summary.count} of ${window ? daysBetween(window.startDate, window.endDate) + 1 : summary.count} days`;
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
      {drawn && !onScreen ? CHART_PLACEHOLDER : null}
      {drawn && onScreen ? (
        <Suspense fallback={CHART_PLACEHOLDER}>
          {members ? (
            <MemberScoreChart rows={memberChartRows(window, points, members.map((member) => member.userId))} members={members} />
          ) : (
            <ScoreChart rows={chartRows(window, points)} colour={colour} name={title} />
          )}
        </Suspense>
      ) : null}
    </li>
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
  const [grid, onScreen] = useInView<HTMLUListElement>();
  return (
    <ChartsOnScreen.Provider value={onScreen}>
      <ul className="fg-chart-grid" ref={grid}>
        {series.map(({ type, points }) => (
          <ScoreChartCard key={type} type={type} title={scoreTypeLabel(type)} colour={seriesColour(type)} points={points} window={window} windowName={windowName} />
        ))}
        {children}
      </ul>
    </ChartsOnScreen.Provider>
  );
}
