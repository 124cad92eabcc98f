import { type DayWindow, daysOf } from '@core/dates';
import { Link } from 'react-router-dom';
import { HeatMap } from '@/components/ui/heat-map/heat-map';
import { paths, withParams } from '@/config/paths';
import { heatMapCell } from '../lib/baseline-words';
import type { RosterRow } from '../lib/roster';

/**
 * The team's members by the window's days, each day coloured by the readiness tier of the member's FG Score, empty
 * where he did not check in, with his baseline deviation on hover or focus (docs/teams.md, "Who is not ready").
 * Everything comes from the members table's own read (the team's day aggregates): no read of its own.
 */
export function TeamHeatMap({ rows, window, windowLabel }: { rows: readonly RosterRow[]; window: DayWindow | null; windowLabel: string }) {
  if (!window || rows.length === 0) return null;
  const days = new Map(rows.map((row) => [row.userId, new Map(row.days.map((day) => [day.date, day]))]));
  const columns = daysOf(window).map((date) => ({ id: date, heading: `${date.slice(5, 7)}/${date.slice(8, 10)}` }));
  return (
    <section aria-labelledby="fg-team-heat-map">
      <h2 id="fg-team-heat-map" className="fg-section-head">
        Readiness by day
      </h2>
      <p className="fg-section-note">Each member&apos;s FG Score over {windowLabel}, coloured by its readiness tier; an empty day had no check-in.</p>
      <HeatMap
        label={`FG Score by member and day over ${windowLabel}`}
        rows={rows.map((row) => ({
          id: row.userId,
          name: row.name,
          heading: <Link to={withParams(paths.home.myTeam.memberStatistics, { id: row.userId })}>{row.name}</Link>,
        }))}
        columns={columns}
        cellOf={(userId, date) => {
          const day = days.get(userId)?.get(date);
          return day ? heatMapCell(day) : null;
        }}
        emptyDetail="no check-in"
      />
    </section>
  );
}
