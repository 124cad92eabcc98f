import { useState } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { AuthRoot } from './routes/auth/root';
import { LoginPage } from './routes/auth/login';
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
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        path: paths.auth.root,
        Component: AuthRoot,
        children: [
          { index: true, element: <Navigate to={paths.auth.login} replace /> },
          { path: paths.auth.login, Component: LoginPage },
          { path: paths.auth.signUp, lazy: async () => ({ Component: (await import('./routes/auth/signup')).SignUpPage }) },
          { path: paths.auth.forgotPassword, lazy: async () => ({ Component: (await import('./routes/auth/forgot-password')).ForgotPasswordPage }) },
          { path: '*', lazy: notFoundContent },
        ],
      },
      {
        path: paths.home.root,
        lazy: async () => ({ Component: (await import('./routes/home/root')).HomeRoot }),
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/home/index')).HomeIndex }) },
          { path: paths.home.checkIn, lazy: async () => ({ Component: (await import('./routes/home/check-in')).CheckInRoute }) },
          { path: paths.home.myScores, lazy: async () => ({ Component: (await import('./routes/home/my-scores')).MyScoresRoute }) },
          {
            path: paths.home.account.root,
            lazy: async () => ({ Component: (await import('./routes/home/account')).AccountRoute }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import('./routes/home/account')).AccountProfileRoute }) },
              { path: paths.home.account.notifications, lazy: async () => ({ Component: (await import('./routes/home/account')).AccountNotificationsRoute }) },
              {
                lazy: amplifyThemed,
                children: [{ path: paths.home.account.sharing, lazy: async () => ({ Component: (await import('./routes/home/report-sharing')).ReportSharingRoute }) }],
              },
              { path: paths.home.account.data, lazy: async () => ({ Component: (await import('./routes/home/account')).AccountDataRoute }) },
              { path: paths.home.account.delete, lazy: async () => ({ Component: (await import('./routes/home/account')).AccountDeleteRoute }) },
            ],
          },
          { lazy: amplifyThemed, children: teamPortalRoutes },
          { path: paths.home.myTeam.statistics, lazy: async () => ({ Component: (await import('./routes/home/team-analytics')).TeamAnalyticsRoute }) },
          { path: paths.home.myTeam.memberStatistics, lazy: async () => ({ Component: (await import('./routes/home/team-analytics')).MemberStatisticsRoute }) },
          {
            lazy: async () => ({ Component: (await import('./routes/home/admin-routes')).AdminRoutes }),
            children: [
              {
                lazy: amplifyThemed,
                children: [
                  { path: paths.home.videos, lazy: async () => ({ Component: (await import('./routes/home/videos')).VaultPage }) },
                  { path: paths.home.editVideo, lazy: async () => ({ Component: (await import('./routes/home/videos')).EditVideoRoute }) },
                  { path: paths.home.uploadVideo, lazy: async () => ({ Component: (await import('./routes/home/videos')).UploadPage }) },
                ],
              },
              {
                path: paths.home.videoRecommendation,
                lazy: async () => ({ Component: (await import('@/features/video-recommendations/components/video-recommendation-page')).VideoRecommendationPage }),
              },
              {
                path: paths.home.weeklyChallenge,
                lazy: async () => ({ Component: (await import('@/features/weekly-challenges/components/weekly-challenge-page')).WeeklyChallengePage }),
              },
              { path: paths.home.payments, lazy: async () => ({ Component: (await import('./routes/home/admin-money')).PaymentsRoute }) },
              { path: paths.home.teamsPerformance, lazy: async () => ({ Component: (await import('./routes/home/admin-money')).TeamsPerformanceRoute }) },
              { path: paths.home.userPerformance, lazy: async () => ({ Component: (await import('./routes/home/admin-money')).UserPerformanceRoute }) },
              { path: paths.home.promotion, lazy: async () => ({ Component: (await import('./routes/home/admin-money')).PromotionRoute }) },
              { path: `${paths.home.users}*`, lazy: async () => ({ Component: (await import('./routes/home/users')).UsersRoute }) },
              { path: paths.home.auditLog, lazy: async () => ({ Component: (await import('@/features/audit-log/components/audit-log-page')).AuditLogPage }) },
              { path: paths.home.uiKit, lazy: async () => ({ Component: (await import('@/features/ui-showcase/components/ui-showcase-page')).UiShowcasePage }) },
            ],
          },
          { path: '*', lazy: notFoundContent },
        ],
      },
      {
        lazy: amplifyThemed,
        children: [
          { path: paths.pricing, lazy: async () => ({ Component: (await import('./routes/pricing')).PricingPage }) },
          { path: paths.coupon, lazy: async () => ({ Component: (await import('./routes/coupon')).CouponRoute }) },
          { path: paths.activateCoupon, lazy: async () => ({ Component: (await import('./routes/coupon')).ActivateCouponRoute }) },
          { path: paths.confirmCoupon, lazy: async () => ({ Component: (await import('./routes/coupon')).ConfirmCouponRoute }) },
          { path: paths.storeLink, lazy: async () => ({ Component: (await import('./routes/store-link')).StoreLinkRoute }) },
        ],
      },
      { path: paths.simulator, lazy: async () => ({ Component: (await import('./routes/simulator')).SimulatorRoute }) },
      { path: paths.recapReports, lazy: async () => ({ Component: (await import('./routes/recap-reports')).RecapReportsRoute }) },
      { path: '*', lazy: notFoundPage },
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
