import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The team pages (docs/product.md, "Signed-in routes"). */
export const teamPortalRoutes: RouteObject[] = [
  {
    path: paths.home.managerPortal,
    handle: { title: 'Director Portal' },
    lazy: async () => ({ Component: (await import('@/features/team-portals/components/manager-portal-page')).ManagerPortalPage }),
  },
  {
    path: paths.home.coachPortal,
    handle: { title: 'Coach Portal' },
    lazy: async () => ({ Component: (await import('@/features/team-portals/components/coach-portal-page')).CoachPortalPage }),
  },
  {
    path: paths.home.myTeam.root,
    handle: { title: 'My Team', team: true },
    lazy: async () => ({ Component: (await import('./my-team')).MyTeamRoute }),
  },
  {
    path: paths.home.myTeam.new,
    handle: { title: 'New team' },
    lazy: async () => ({ Component: (await import('@/features/team-form/components/create-team-page')).CreateTeamPage }),
  },
  {
    path: paths.home.myTeam.journal,
    handle: { title: 'Journal', team: true },
    lazy: async () => ({ Component: (await import('@/features/journal/components/journal-page')).JournalPage }),
  },
  {
    path: paths.home.teamInvite,
    handle: { title: 'Team invite' },
    lazy: async () => ({ Component: (await import('@/features/team-portals/components/team-invite-page')).TeamInvitePage }),
  },
  ...[
    { path: paths.home.noTeam, title: 'No team' },
    { path: paths.home.myTeam.waiting, title: 'Waiting for team' },
  ].map(({ path, title }) => ({
    path,
    handle: { title },
    lazy: async () => ({ Component: (await import('@/features/team-portals/components/waiting-for-team-page')).WaitingForTeamPage }),
  })),
];
