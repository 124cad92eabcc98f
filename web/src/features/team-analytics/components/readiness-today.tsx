import { type RosterRow, type RosterTier, tierCounts } from '../lib/roster';

const TIER_CLASS: Record<RosterTier, string> = {
  'Game On': 'game-on',
  'Moderately Ready': 'moderately-ready',
  'Subpar Ready': 'subpar-ready',
  'Not Ready': 'not-ready',
  'No data': 'no-data',
};

/** Today's readiness across the roster: how many members are in each tier of their game readiness. */
export function ReadinessToday({ rows, loading }: { rows: readonly RosterRow[]; loading: boolean }) {
  return (
    <section aria-labelledby="fg-readiness-today" aria-busy={loading}>
      <h2 id="fg-readiness-today">Readiness today</h2>
      <ul className="fg-tier-counts" aria-label="Members per readiness tier">
        {tierCounts(rows).map(({ tier, count }) => (
          <li key={tier} className={`fg-tier-count fg-tier-count--${TIER_CLASS[tier]}`} data-tier={tier}>
            <span className="fg-tier-count__value">{loading ? '–' : count}</span>
            <span className="fg-tier-count__label">{tier}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
