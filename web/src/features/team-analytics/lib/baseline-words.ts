import { type ReadinessTier, readinessTier } from '@core/scoring';
import type { HeatMapCell } from '@/components/ui/heat-map/heat-map';
import type { TeamMemberScore } from '../api/team-statistics';

type Deviation = TeamMemberScore['fgDeviation'];
type MemberScoreDay = TeamMemberScore['days'][number];

/** The readiness tiers' colours, as the tier counts draw them (team-analytics.css). */
const TIER_COLOURS: Record<ReadinessTier, string> = {
  'Game On': '#22c55e',
  'Moderately Ready': '#facc15',
  'Subpar Ready': '#f97316',
  'Not Ready': '#ef4444',
};
/** A check-in whose day has no FG Score kept (days stored before the team's days kept it). */
const NO_SCORE_COLOUR = '#94a3b8';

/** A score against the member's own baseline in words: "9 below baseline", "3 above baseline", "no baseline yet". */
export function deviationWords(deviation: Deviation): string {
  if (!deviation) return 'no baseline yet';
  if (deviation.delta === 0) return 'at baseline';
  return `${Math.abs(deviation.delta)} ${deviation.delta < 0 ? 'below' : 'above'} baseline`;
}

/** A member's day in the team's heat map: coloured by the readiness tier of his FG Score, with its baseline deviation. */
export function heatMapCell(day: MemberScoreDay): HeatMapCell {
  const tier = readinessTier(day.fgScore);
  if (day.fgScore == null || !tier) return { colour: NO_SCORE_COLOUR, text: '✓', detail: 'checked in, no FG Score kept for this day' };
  const flag = day.baselineDeviation?.below ? ' (a drop)' : '';
  return {
    colour: TIER_COLOURS[tier],
    text: String(day.fgScore),
    detail: `FG Score ${day.fgScore}, ${tier}, ${deviationWords(day.baselineDeviation)}${flag}`,
  };
}
