import { isAllowed, type Relation, TEAM_STATISTICS } from '@core/policy';
import { isAdmin, isCoach, isDirector } from '@core/roles';
import type { NavItem } from '@/components/layouts/app-frame';
import { paths, withQuery } from '@/config/paths';
import { mayCheckIn } from '@/features/check-in/lib/may-check-in';
import { clearUploadFlow } from '@/features/videos/lib/upload-flow-store';
import type { Viewer } from '@/lib/viewer';

const ADMIN_ITEMS: readonly NavItem[] = [
  { to: paths.home.videos, label: 'Content', icon: 'grid' },
  // Opening it from the navigation clears any earlier upload state (docs/videos.md, upload).
  { to: paths.home.uploadVideo, label: 'Add a video', icon: 'upload', onSelect: clearUploadFlow },
  { to: paths.home.videoRecommendation, label: 'Recommendation', icon: 'star' },
  { to: paths.home.users, label: 'Users', icon: 'users' },
  { to: paths.home.weeklyChallenge, label: 'Weekly Challenge', icon: 'flag' },
  { to: paths.home.payments, label: 'Payments', icon: 'credit-card' },
  { to: paths.home.teamsPerformance, label: 'Teams Performance', icon: 'bar-chart' },
  { to: paths.home.userPerformance, label: 'User Performance', icon: 'trending-up' },
  { to: paths.home.promotion, label: 'Promotion', icon: 'tag' },
  { to: paths.home.auditLog, label: 'Audit log', icon: 'book' },
];

/** How the viewer stands to a team, in the policy map's terms (from the teams `me` lists). */
function relationsTo(viewer: Viewer, teamId: string): Relation[] {
  const has = (teams: readonly { id: string }[] | undefined) => (teams ?? []).some((team) => team.id === teamId);
  const relations: Relation[] = [];
  if (has(viewer.teams?.owned)) relations.push('owner');
  if (has(viewer.teams?.coached)) relations.push('coach');
  if (has(viewer.teams?.member)) relations.push('member');
  if (isAdmin(viewer.groups)) relations.push('admin');
  return relations;
}

/**
 * The sidebar's links for a user (spec: Navigation sidebar). The spec leaves open which role holds which
 * navigation flag; decided here: the admin items for admins (ADMIN, SUPERADMIN), and the team items (Analytics,
 * My Team, Journal) once a team is selected that the viewer may read the statistics of, as the policy map says
 * (its director, its coaches, admins; not its gamers).
 */
export function navItemsFor(viewer: Viewer): NavItem[] {
  const items: NavItem[] = [];
  if (isAdmin(viewer.groups)) items.push(...ADMIN_ITEMS);
  if (isCoach(viewer.groups)) items.push({ to: paths.home.coachPortal, label: 'Coach Portal', icon: 'clipboard' });
  if (isDirector(viewer.groups)) items.push({ to: paths.home.managerPortal, label: 'Director Portal', icon: 'briefcase' });
  // Gamers answer the daily check-in and follow their own scores, with or without a team; their day starts with Today
  // (their home: docs/product.md, "Where FitGauge leaves the spec").
  if (mayCheckIn(viewer.groups)) {
    items.push(
      { to: paths.home.today, label: 'Today', icon: 'home' },
      { to: paths.home.checkIn, label: 'Check-in', icon: 'check-square' },
      { to: paths.home.myScores, label: 'My scores', icon: 'activity' },
    );
  }
  const teamId = viewer.selectedTeamId;
  if (teamId && isAllowed(TEAM_STATISTICS, { signedIn: true, groups: viewer.groups }, relationsTo(viewer, teamId))) {
    items.push(
      { to: paths.home.myTeam.statistics, label: 'Analytics', icon: 'bar-chart' },
      { to: paths.home.myTeam.root, label: 'My Team', icon: 'users', end: true },
      {
        to: withQuery(paths.home.myTeam.journal, { teamId }),
        label: 'Journal',
        icon: 'book',
        marker: viewer.hasTeamNotifications,
      },
    );
  }
  // Every signed-in user has an account: profile, e-mails, sharing, data, deletion.
  items.push({ to: paths.home.account.root, label: 'Account', icon: 'user' });
  return items;
}
