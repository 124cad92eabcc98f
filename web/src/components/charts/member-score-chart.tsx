import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatScoreDay } from '@/lib/score-display';
import type { MemberChartRow, MemberLine } from './chart-data';
import { CHART_AXIS, CHART_GRID, CHART_TOOLTIP } from './score-chart';

interface MemberScoreChartProps {
  rows: readonly MemberChartRow[];
  members: readonly MemberLine[];
}

/** A team's game score with one line per member (the series is concatenated, never averaged). Loaded lazily with recharts. */
export function MemberScoreChart({ rows, members }: MemberScoreChartProps) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <CartesianGrid stroke={CHART_GRID} vertical={false} />
        <XAxis dataKey="tick" tick={CHART_AXIS} tickLine={false} axisLine={{ stroke: '#2a3648' }} minTickGap={16} />
        <YAxis domain={[0, 100]} ticks={[0, 50, 100]} tick={CHART_AXIS} tickLine={false} axisLine={false} />
        <Tooltip
          contentStyle={CHART_TOOLTIP}
          labelFormatter={(_, payload) => (payload?.[0] ? formatScoreDay((payload[0].payload as MemberChartRow).date) : '')}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {members.map((member) => (
          <Line
            key={member.userId}
            type="monotone"
            dataKey={member.userId}
            name={member.name}
            stroke={member.colour}
            strokeWidth={2}
            connectNulls
            dot={rows.length <= 31 ? { r: 2, fill: member.colour, strokeWidth: 0 } : false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
