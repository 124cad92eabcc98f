import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatScoreDay } from '@/lib/score-display';
import type { ChartRow } from './chart-data';

interface ScoreChartProps {
  rows: readonly ChartRow[];
  colour: string;
  name: string;
}

export const CHART_AXIS = { stroke: '#8593a6', fontSize: 12 };
export const CHART_GRID = '#222d3d';
export const CHART_TOOLTIP = { background: '#1a2433', border: '1px solid #2a3648', borderRadius: 8, color: '#e6edf5' };

/** One score over a window, 0..100; days without a score have no point (the line bridges them). Loaded lazily with recharts. */
export function ScoreChart({ rows, colour, name }: ScoreChartProps) {
  const gradient = `fg-chart-fill-${name.replace(/\W+/g, '-')}`;
  return (
    <ResponsiveContainer width="100%" height={160}>
      <AreaChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={colour} stopOpacity={0.35} />
            <stop offset="100%" stopColor={colour} stopOpacity={0} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke={CHART_GRID} vertical={false} />
        <XAxis dataKey="tick" tick={CHART_AXIS} tickLine={false} axisLine={{ stroke: '#2a3648' }} minTickGap={16} />
        <YAxis domain={[0, 100]} ticks={[0, 50, 100]} tick={CHART_AXIS} tickLine={false} axisLine={false} />
        <Tooltip
          contentStyle={CHART_TOOLTIP}
          labelFormatter={(_, payload) => (payload?.[0] ? formatScoreDay((payload[0].payload as ChartRow).date) : '')}
          formatter={(value) => [value ?? 'No data', name]}
        />
        <Area
          type="monotone"
          dataKey="value"
          name={name}
          stroke={colour}
          strokeWidth={2}
          fill={`url(#${gradient})`}
          connectNulls
          dot={rows.length <= 31 ? { r: 3, fill: colour, strokeWidth: 0 } : false}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
