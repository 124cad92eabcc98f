import { isAdmin, isCoach, isDirector } from '@core/roles';
import type { NavItem } from '@/components/layouts/app-frame';
import { mayCheckIn } from '@/features/check-in/lib/check-in-form';
import type { Viewer } from '@/lib/viewer';

const ADMIN_ITEMS: readonly NavItem[] = [
  { to: '/home/videos/', label: 'Content', icon: 'grid' },
  { to: '/home/video/upload', label: 'Add a video', icon: 'upload' },
  { to: '/home/video-recommendation/', label: 'Recommendation', icon: 'star' },
  { to: '/home/users/', label: 'Users', icon: 'users' },
  { to: '/home/weekly-challenge/', label: 'Weekly Challenge', icon: 'flag' },
  { to: '/home/payments/', label: 'Payments', icon: 'credit-card' },
  { to: '/home/teams-performance/', label: 'Teams Performance', icon: 'bar-chart' },
  { to: '/home/user-performance/', label: 'User Performance', icon: 'trending-up' },
  { to: '/home/promotion/', label: 'Promotion', icon: 'tag' },
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
  if (isCoach(viewer.groups)) items.push({ to: '/home/coach-portal', label: 'Coach Portal', icon: 'clipboard' });
  if (isDirector(viewer.groups)) items.push({ to: '/home/manager-portal', label: 'Director Portal', icon: 'briefcase' });
  // Gamers answer the daily check-in and follow their own scores, with or without a team.
  if (mayCheckIn(viewer.groups)) {
    items.push(
      { to: '/home/check-in', label: 'Check-in', icon: 'check-square' },
      { to: '/home/my-scores', label: 'My scores', icon: 'activity' },
    );
  }
  const teamId = viewer.selectedTeamId;
  if (teamId && viewer.groups.some((group) => TEAM_ROLES.includes(group))) {
    items.push(
      { to: '/home/my-team/statistics/', label: 'Analytics', icon: 'bar-chart' },
      { to: '/home/my-team', label: 'My Team', icon: 'users', end: true },
      {
        to: `/home/my-team/journal?teamId=${encodeURIComponent(teamId)}`,
        label: 'Journal',
        icon: 'book',
        marker: viewer.hasTeamNotifications,
      },
    );
  }
  return items;
}
