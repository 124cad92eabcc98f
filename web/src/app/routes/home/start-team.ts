import type { TeamChoice } from '@/lib/team-selection';
import type { ViewerTeams } from '@/lib/viewer';

/**
 * The team a coach starts the day in (docs/product.md, "Where FitGauge leaves the spec (routing)"): the one he last
 * entered (restored from the server) while he still coaches it, else his only team; else none, and the Coach Portal
 * opens as the spec says. Directors keep their portal: it is where they buy and manage several teams.
 */
export function teamToStartIn(teams: ViewerTeams, restoredTeamId: string | null): TeamChoice | null {
  const restored = teams.coached.find((team) => team.id === restoredTeamId);
  if (restored) return restored;
  return teams.coached.length === 1 ? teams.coached[0]! : null;
}
