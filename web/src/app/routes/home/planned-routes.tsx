import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * Pages of the spec that later work fills in. They exist now, inside the frame, so that sign-in, the
 * role redirects and the navigation lead somewhere real; each says what it will show. Replace an entry
 * with the real page when it is built.
 */
const planned =
  (title: string, description: string): RouteObject['lazy'] =>
  async () => {
    const { PlannedPage } = await import('./planned-page');
    return { Component: () => <PlannedPage title={title} description={description} /> };
  };

/** Admin-only pages (spec 001 section 2); mounted behind the admin route gate. */
export const plannedAdminRoutes: RouteObject[] = [
  { path: paths.home.videos, lazy: planned('Content', 'The video vault will appear here, grouped by category.') },
  { path: paths.home.editVideo, lazy: planned('Edit video', 'The video editor will appear here.') },
  { path: paths.home.uploadVideo, lazy: planned('Add a video', 'The video upload steps will appear here.') },
  { path: paths.home.videoRecommendation, lazy: planned('Recommendation', 'Video recommendations will appear here.') },
  { path: paths.home.weeklyChallenge, lazy: planned('Weekly Challenge', 'Weekly challenges will appear here.') },
  { path: paths.home.payments, lazy: async () => ({ Component: (await import('./admin-money')).PaymentsRoute }) },
  { path: paths.home.teamsPerformance, lazy: async () => ({ Component: (await import('./admin-money')).TeamsPerformanceRoute }) },
  { path: paths.home.userPerformance, lazy: async () => ({ Component: (await import('./admin-money')).UserPerformanceRoute }) },
  { path: paths.home.promotion, lazy: async () => ({ Component: (await import('./admin-money')).PromotionRoute }) },
];
