import { isDirector } from '@core/roles';
import type { Viewer } from '@/lib/viewer';

/** Only a director entering a team they own has its subscription checked (docs/product.md, "Team selection"). */
export const checksSubscription = (viewer: Viewer, teamId: string) =>
  isDirector(viewer.groups) && (viewer.teams?.owned ?? []).some((team) => team.id === teamId);
