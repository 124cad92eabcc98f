import { Area, CartesianGrid, ComposedChart, Line, ReferenceDot, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { useElementWidth } from '@/hooks/use-element-width';
import { chartScales, CHART_MARGIN } from './chart-geometry';
import {
  ChartLegend,
  DayReadout,
  FALLBACK_WIDTH,
  LOOKS,
  MAX_DAYS_WITH_DOTS,
  type ScoreChartProps,
  useDayReading,
  valueOn,
  Y_TICKS,
} from './chart-parts';
import './charts.css';

const AXIS_TICK = { fill: 'var(--amplify-colors-font-tertiary)', fontSize: 12 };

/**
 * The score chart drawn by recharts, with the props, the keyboard reading and the announced box of the plain-SVG
 * chart (score-chart.tsx); recharts' own keyboard layer is off, as it knows neither Home, End nor Escape.
 */
export function RechartsScoreChart({ label, days, lines, look }: ScoreChartProps) {
  const { height, dot, area, legend } = LOOKS[look];
  const [measure, width] = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const { active, setActive, onKeyDown, clear } = useDayReading(days.length);
  const rows = days.map((day, index) => ({ date: day.date, tick: day.tick, values: lines.map((line) => line.values[index] ?? null) }));
  const tickOf = new Map(days.map((day) => [day.date, day.tick]));
  const activeDate = active === null ? null : days[active]!.date;

  return (
    <div className="fg-chart" data-look={look}>
      <div className="fg-chart__plot" ref={measure} style={{ height }}>
        <div role="img" aria-label={label} tabIndex={0} onKeyDown={onKeyDown} onBlur={clear}>
          <ComposedChart
            width={width}
            height={height}
            data={rows}
            margin={{ top: CHART_MARGIN.top, right: CHART_MARGIN.right, bottom: 0, left: 8 }}
            accessibilityLayer={false}
            onMouseMove={(state) => state.activeTooltipIndex != null && setActive(Number(state.activeTooltipIndex))}
            onMouseLeave={clear}
          >
            <CartesianGrid vertical={false} stroke="var(--amplify-colors-border-secondary)" />
            <XAxis
              dataKey="date"
              tickFormatter={(date: string) => tickOf.get(date) ?? ''}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={{ stroke: 'var(--amplify-colors-border-primary)' }}
              height={CHART_MARGIN.bottom}
              minTickGap={16}
            />
            <YAxis domain={[0, 100]} ticks={Y_TICKS} tick={AXIS_TICK} tickLine={false} axisLine={false} width={CHART_MARGIN.left - 8} />
            {/* Only the pointer's day: the box is the announced one below. */}
            <Tooltip content={() => null} cursor={false} isAnimationActive={false} />
            {activeDate !== null ? <ReferenceLine x={activeDate} stroke="var(--amplify-colors-font-tertiary)" strokeDasharray="3 3" /> : null}
            {lines.map((line, n) => {
              const points = line.values.filter((value) => value !== null).length;
              const dots = days.length <= MAX_DAYS_WITH_DOTS || points === 1 ? { r: dot, fill: line.colour, strokeWidth: 0 } : false;
              const shape = {
                type: 'monotone' as const,
                dataKey: (row: (typeof rows)[number]) => row.values[n],
                name: line.name,
                stroke: line.colour,
                strokeWidth: 2,
                connectNulls: true,
                dot: dots,
                activeDot: false,
                isAnimationActive: false,
              };
              return area ? <Area key={line.id} {...shape} fill={line.colour} fillOpacity={0.2} /> : <Line key={line.id} {...shape} />;
            })}
            {activeDate !== null
              ? lines.map((line) =>
                  valueOn(line, active!) === null ? null : (
                    <ReferenceDot key={line.id} x={activeDate} y={valueOn(line, active!)!} r={dot + 2} fill={line.colour} stroke="none" />
                  ),
                )
              : null}
          </ComposedChart>
        </div>
        <DayReadout
          days={days}
          lines={lines}
          active={active}
          x={active === null ? 0 : chartScales(width, height, days.length).x(active)}
          width={width}
        />
      </div>
      {legend ? <ChartLegend lines={lines} /> : null}
    </div>
  );
}
