import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The team pages (spec 000 section 2, home routes for team users). */
export const teamPortalRoutes: RouteObject[] = [
  {
    path: paths.home.managerPortal,
    lazy: async () => ({ Component: (await import('@/features/team-portals/components/manager-portal-page')).ManagerPortalPage }),
  },
  {
    path: paths.home.coachPortal,
    lazy: async () => ({ Component: (await import('@/features/team-portals/components/coach-portal-page')).CoachPortalPage }),
  },
  { path: paths.home.myTeam.root, lazy: async () => ({ Component: (await import('./my-team')).MyTeamRoute }) },
  {
    path: paths.home.myTeam.new,
    lazy: async () => ({ Component: (await import('@/features/team-form/components/create-team-page')).CreateTeamPage }),
  },
  {
    path: paths.home.myTeam.journal,
    lazy: async () => ({ Component: (await import('@/features/journal/components/journal-page')).JournalPage }),
  },
  {
    path: paths.home.teamInvite,
    lazy: async () => ({ Component: (await import('@/features/team-portals/components/team-invite-page')).TeamInvitePage }),
  },
  ...[paths.home.noTeam, paths.home.myTeam.waiting].map((path) => ({
    path,
    lazy: async () => ({ Component: (await import('@/features/team-portals/components/waiting-for-team-page')).WaitingForTeamPage }),
  })),
];
