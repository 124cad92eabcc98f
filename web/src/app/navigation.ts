import { isAdmin, isCoach, isDirector } from '@core/roles';
import type { NavItem } from '@/components/layouts/app-frame';
import { paths, withQuery } from '@/config/paths';
import { mayCheckIn } from '@/features/check-in/lib/check-in-form';
import type { Viewer } from '@/lib/viewer';

const ADMIN_ITEMS: readonly NavItem[] = [
  { to: paths.home.videos, label: 'Content', icon: 'grid' },
  { to: paths.home.uploadVideo, label: 'Add a video', icon: 'upload' },
  { to: paths.home.videoRecommendation, label: 'Recommendation', icon: 'star' },
  { to: paths.home.users, label: 'Users', icon: 'users' },
  { to: paths.home.weeklyChallenge, label: 'Weekly Challenge', icon: 'flag' },
  { to: paths.home.payments, label: 'Payments', icon: 'credit-card' },
  { to: paths.home.teamsPerformance, label: 'Teams Performance', icon: 'bar-chart' },
  { to: paths.home.userPerformance, label: 'User Performance', icon: 'trending-up' },
  { to: paths.home.promotion, label: 'Promotion', icon: 'tag' },
];

const TEAM_ROLES = ['DIRECTOR', 'COACH', 'GAMER', 'SELF'];

/**
 * The sidebar's links for a user (spec: Navigation sidebar). The spec leaves open which role holds which
 * navigation flag; decided here: the admin items for admins (ADMIN, SUPERADMIN), the team items for the
 * team roles (director, coach, gamer, self) once a team is selected.
 */
export function navItemsFor(viewer: Viewer): NavItem[] {
  const items: NavItem[] = [];
  if (isAdmin(viewer.groups)) items.push(...ADMIN_ITEMS);
  if (isCoach(viewer.groups)) items.push({ to: paths.home.coachPortal, label: 'Coach Portal', icon: 'clipboard' });
  if (isDirector(viewer.groups)) items.push({ to: paths.home.managerPortal, label: 'Director Portal', icon: 'briefcase' });
  // Gamers answer the daily check-in and follow their own scores, with or without a team.
  if (mayCheckIn(viewer.groups)) {
    items.push(
      { to: paths.home.checkIn, label: 'Check-in', icon: 'check-square' },
      { to: paths.home.myScores, label: 'My scores', icon: 'activity' },
    );
  }
  const teamId = viewer.selectedTeamId;
  if (teamId && viewer.groups.some((group) => TEAM_ROLES.includes(group))) {
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
  return items;
}
