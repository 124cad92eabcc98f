import { type KeyboardEvent, type PointerEvent, useId, useState } from 'react';
import { useElementWidth } from '@/hooks/use-element-width';
import { formatScoreDay } from '@/lib/score-display';
import type { ChartDay, ChartLine } from './chart-data';
import { areaPath, chartScales, linePath, nearestDay, plotPoints, tickIndexes } from './chart-geometry';
import './charts.css';

const Y_TICKS = [0, 50, 100];
/** An MM/dd label at 12 px and the gap kept between two labels. */
const TICK_DISTANCE = 34 + 16;
/** Drawn at this width until the container is measured (and in jsdom, which lays nothing out). */
const FALLBACK_WIDTH = 320;
/** Up to a month, each day's point is drawn as a dot; beyond that the dots would crowd the line. */
const MAX_DAYS_WITH_DOTS = 31;

/** score: one score with the area under its line; members: a team's game score, one line per member and a legend. */
const LOOKS = {
  score: { height: 160, dot: 3, area: true, legend: false },
  members: { height: 220, dot: 2, area: false, legend: true },
} as const;

const valueOn = (line: ChartLine, day: number) => line.values[day] ?? null;

interface ScoreChartProps {
  /** Names the chart for assistive technology, e.g. "Sleep, the last 7 days". */
  label: string;
  days: readonly ChartDay[];
  /** Each with one value per day (null: no point, the line bridges the day). */
  lines: readonly ChartLine[];
  look: keyof typeof LOOKS;
}

/**
 * Scores over a window, 0..100, as plain SVG sized to its container. A pointer over it or the keyboard (Left, Right,
 * Home, End; Escape hides) picks a day: a cursor line and a box with the date and each line's value.
 */
export function ScoreChart({ label, days, lines, look }: ScoreChartProps) {
  const { height, dot, area, legend } = LOOKS[look];
  const [measure, width] = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const [active, setActive] = useState<number | null>(null);
  const gradientId = `fg-chart-fill-${useId().replace(/[^\w-]/g, '')}`;
  const scales = chartScales(width, height, days.length);
  const drawn = lines.map((line) => ({ line, points: plotPoints(line.values, scales) }));
  const last = days.length - 1;

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
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) =>
    setActive(nearestDay(event.clientX - event.currentTarget.getBoundingClientRect().left, scales, days.length));

  return (
    <div className="fg-chart" data-look={look}>
      <div className="fg-chart__plot" ref={measure} style={{ height }}>
        <svg
          className="fg-chart__svg"
          width={width}
          height={height}
          role="img"
          aria-label={label}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onBlur={() => setActive(null)}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
        >
          {area ? (
            <defs>
              {lines.map((line) => (
                <linearGradient key={line.id} id={`${gradientId}-${line.id}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={line.colour} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={line.colour} stopOpacity={0} />
                </linearGradient>
              ))}
            </defs>
          ) : null}
          <g className="fg-chart__grid">
            {Y_TICKS.map((score) => (
              <line key={score} x1={scales.left} x2={scales.right} y1={scales.y(score)} y2={scales.y(score)} />
            ))}
          </g>
          <line x1={scales.left} x2={scales.right} y1={scales.bottom} y2={scales.bottom} className="fg-chart__axis" />
          <g className="fg-chart__y-ticks" fontSize={12} textAnchor="end">
            {Y_TICKS.map((score) => (
              <text key={score} x={scales.left - 8} y={scales.y(score)} dy="0.35em">
                {score}
              </text>
            ))}
          </g>
          <g className="fg-chart__x-ticks" fontSize={12} textAnchor="middle">
            {tickIndexes(days.length, scales.dayStep, TICK_DISTANCE).map((index) => (
              <text key={index} x={scales.x(index)} y={scales.bottom + 16}>
                {days[index]!.tick}
              </text>
            ))}
          </g>
          {active !== null ? (
            <line className="fg-chart__cursor" x1={scales.x(active)} x2={scales.x(active)} y1={scales.top} y2={scales.bottom} />
          ) : null}
          {drawn.map(({ line, points }) => (
            <g key={line.id} className="fg-chart__series" fill={line.colour}>
              {area && points.length > 1 ? (
                <path className="fg-chart__area" d={areaPath(points, scales.bottom)} fill={`url(#${gradientId}-${line.id})`} />
              ) : null}
              {points.length > 1 ? <path className="fg-chart__line" d={linePath(points)} fill="none" stroke={line.colour} strokeWidth={2} /> : null}
              {/* A lone point has no line through it: its dot shows it in any window. */}
              {days.length <= MAX_DAYS_WITH_DOTS || points.length === 1
                ? points.map((point) => <circle key={point.index} className="fg-chart__dot" cx={point.x} cy={point.y} r={dot} />)
                : null}
              {active !== null && valueOn(line, active) !== null ? (
                <circle className="fg-chart__active-dot" cx={scales.x(active)} cy={scales.y(valueOn(line, active)!)} r={dot + 2} />
              ) : null}
            </g>
          ))}
        </svg>
        {/* Announced as it changes, so the keyboard's day reads out. */}
        <div role="status">
          {active !== null ? (
            <div
              className="fg-chart__tooltip"
              style={scales.x(active) < width / 2 ? { left: scales.x(active) + 12 } : { right: width - scales.x(active) + 12 }}
            >
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
      </div>
      {legend ? (
        <ul className="fg-chart__legend">
          {lines.map((line) => (
            <li key={line.id}>
              <span className="fg-chart__swatch" style={{ background: line.colour }} aria-hidden="true" />
              {line.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
