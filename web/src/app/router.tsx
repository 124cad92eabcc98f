import { useState } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { AuthRoot } from './routes/auth/root';
import { LoginPage } from './routes/auth/login';
import { TitledRoot } from './page-title';
import { teamPortalRoutes } from './routes/home/team-routes';
import { RouteError } from './routes/route-error';

/** `/` leads to sign-in, keeping the query (e.g. an OAuth `code` coming back from social login). */
function RootRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: paths.auth.login, search, hash }} replace />;
}

// Every page is its own chunk, so the first page loads only what it shows; except sign-in, where most first visits
// land (`/` leads there): it is part of the entry, so it draws without waiting for more scripts (docs/performance.md).
const notFoundPage = async () => ({ Component: (await import('./routes/not-found')).NotFoundPage });
const notFoundContent = async () => ({ Component: (await import('./routes/not-found')).NotFoundContent });
/** Pathless layout for pages that use Amplify UI's components (routes/amplify-themed.tsx). */
const amplifyThemed = async () => ({ Component: (await import('./routes/amplify-themed')).AmplifyThemed });

/**
 * The route tree. Feature pages are added here as lazy children: under `auth` (public pages in the
 * centred layout) or under `home` (signed-in pages inside the navigation frame).
 */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    Component: TitledRoot,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        path: paths.auth.root,
        Component: AuthRoot,
        children: [
          { index: true, element: <Navigate to={paths.auth.login} replace /> },
          { path: paths.auth.login, handle: { title: 'Sign in' }, Component: LoginPage },
          {
            path: paths.auth.signUp,
            handle: { title: 'Sign up' },
            lazy: async () => ({ Component: (await import('./routes/auth/signup')).SignUpPage }),
          },
          {
            path: paths.auth.forgotPassword,
            handle: { title: 'Forgot password' },
            lazy: async () => ({ Component: (await import('./routes/auth/forgot-password')).ForgotPasswordPage }),
          },
          { path: '*', handle: { title: 'Page not found' }, lazy: notFoundContent },
        ],
      },
      {
        path: paths.home.root,
        lazy: async () => ({ Component: (await import('./routes/home/root')).HomeRoot }),
        children: [
          { index: true, handle: { title: 'Home' }, lazy: async () => ({ Component: (await import('./routes/home/index')).HomeIndex }) },
          {
            path: paths.home.today,
            handle: { title: 'Today' },
            lazy: async () => ({ Component: (await import('./routes/home/today')).TodayRoute }),
          },
          {
            path: paths.home.checkIn,
            handle: { title: 'Check-in' },
            lazy: async () => ({ Component: (await import('./routes/home/check-in')).CheckInRoute }),
          },
          {
            path: paths.home.myScores,
            handle: { title: 'My scores' },
            lazy: async () => ({ Component: (await import('./routes/home/my-scores')).MyScoresRoute }),
          },
          {
            path: paths.home.account.root,
            lazy: async () => ({ Component: (await import('./routes/home/account')).AccountRoute }),
            children: [
              {
                index: true,
                handle: { title: 'Account' },
                lazy: async () => ({ Component: (await import('./routes/home/account')).AccountProfileRoute }),
              },
              {
                path: paths.home.account.notifications,
                handle: { title: 'Notifications' },
                lazy: async () => ({ Component: (await import('./routes/home/account')).AccountNotificationsRoute }),
              },
              {
                lazy: amplifyThemed,
                children: [
                  {
                    path: paths.home.account.sharing,
                    handle: { title: 'Report sharing' },
                    lazy: async () => ({ Component: (await import('./routes/home/report-sharing')).ReportSharingRoute }),
                  },
                ],
              },
              {
                path: paths.home.account.data,
                handle: { title: 'Your data' },
                lazy: async () => ({ Component: (await import('./routes/home/account')).AccountDataRoute }),
              },
              {
                path: paths.home.account.delete,
                handle: { title: 'Delete account' },
                lazy: async () => ({ Component: (await import('./routes/home/account')).AccountDeleteRoute }),
              },
            ],
          },
          { lazy: amplifyThemed, children: teamPortalRoutes },
          {
            path: paths.home.myTeam.statistics,
            handle: { title: 'Analytics', team: true },
            lazy: async () => ({ Component: (await import('./routes/home/team-analytics')).TeamAnalyticsRoute }),
          },
          {
            path: paths.home.myTeam.memberStatistics,
            handle: { title: 'Member statistics', team: true },
            lazy: async () => ({ Component: (await import('./routes/home/team-analytics')).MemberStatisticsRoute }),
          },
          {
            lazy: async () => ({ Component: (await import('./routes/home/admin-routes')).AdminRoutes }),
            children: [
              {
                lazy: amplifyThemed,
                children: [
                  {
                    path: paths.home.videos,
                    handle: { title: 'Content' },
                    lazy: async () => ({ Component: (await import('./routes/home/videos')).VaultPage }),
                  },
                  {
                    path: paths.home.editVideo,
                    handle: { title: 'Edit video' },
                    lazy: async () => ({ Component: (await import('./routes/home/videos')).EditVideoRoute }),
                  },
                  {
                    path: paths.home.uploadVideo,
                    handle: { title: 'Add a video' },
                    lazy: async () => ({ Component: (await import('./routes/home/videos')).UploadPage }),
                  },
                ],
              },
              {
                path: paths.home.videoRecommendation,
                handle: { title: 'Recommendation' },
                lazy: async () => ({
                  Component: (await import('@/features/video-recommendations/components/video-recommendation-page')).VideoRecommendationPage,
                }),
              },
              {
                path: paths.home.weeklyChallenge,
                handle: { title: 'Weekly Challenge' },
                lazy: async () => ({
                  Component: (await import('@/features/weekly-challenges/components/weekly-challenge-page')).WeeklyChallengePage,
                }),
              },
              {
                path: paths.home.payments,
                handle: { title: 'Payments' },
                lazy: async () => ({ Component: (await import('./routes/home/admin-money')).PaymentsRoute }),
              },
              {
                path: paths.home.teamsPerformance,
                handle: { title: 'Teams Performance' },
                lazy: async () => ({ Component: (await import('./routes/home/admin-money')).TeamsPerformanceRoute }),
              },
              {
                path: paths.home.userPerformance,
                handle: { title: 'User Performance' },
                lazy: async () => ({ Component: (await import('./routes/home/admin-money')).UserPerformanceRoute }),
              },
              {
                path: paths.home.promotion,
                handle: { title: 'Promotion' },
                lazy: async () => ({ Component: (await import('./routes/home/admin-money')).PromotionRoute }),
              },
              {
                path: `${paths.home.users}*`,
                handle: { title: 'Users' },
                lazy: async () => ({ Component: (await import('./routes/home/users')).UsersRoute }),
              },
              {
                path: paths.home.auditLog,
                handle: { title: 'Audit log' },
                lazy: async () => ({ Component: (await import('@/features/audit-log/components/audit-log-page')).AuditLogPage }),
              },
              {
                path: paths.home.uiKit,
                handle: { title: 'UI kit' },
                lazy: async () => ({ Component: (await import('@/features/ui-showcase/components/ui-showcase-page')).UiShowcasePage }),
              },
            ],
          },
          { path: '*', handle: { title: 'Page not found' }, lazy: notFoundContent },
        ],
      },
      {
        lazy: amplifyThemed,
        children: [
          { path: paths.pricing, handle: { title: 'Pricing' }, lazy: async () => ({ Component: (await import('./routes/pricing')).PricingPage }) },
          { path: paths.coupon, handle: { title: 'Coupon' }, lazy: async () => ({ Component: (await import('./routes/coupon')).CouponRoute }) },
          {
            path: paths.activateCoupon,
            handle: { title: 'Activate coupon' },
            lazy: async () => ({ Component: (await import('./routes/coupon')).ActivateCouponRoute }),
          },
          {
            path: paths.confirmCoupon,
            handle: { title: 'Confirm coupon' },
            lazy: async () => ({ Component: (await import('./routes/coupon')).ConfirmCouponRoute }),
          },
          {
            path: paths.storeLink,
            handle: { title: 'Store link' },
            lazy: async () => ({ Component: (await import('./routes/store-link')).StoreLinkRoute }),
          },
        ],
      },
      {
        path: paths.simulator,
        handle: { title: 'Score simulator' },
        lazy: async () => ({ Component: (await import('./routes/simulator')).SimulatorRoute }),
      },
      {
        path: paths.recapReports,
        handle: { title: 'Reports' },
        lazy: async () => ({ Component: (await import('./routes/recap-reports')).RecapReportsRoute }),
      },
      { path: '*', handle: { title: 'Page not found' }, lazy: notFoundPage },
    ],
  },
];

/**
 * Starts loading the code of the page at `location` (its lazy routes), so it downloads while the app reads
 * /config.json and renders, instead of after. The router loads the same modules again, from the module cache.
 */
export function preloadRoute(location: { pathname: string }) {
  for (const { route } of matchRoutes(routes, location) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined); // the router reports a failure itself
  }
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
