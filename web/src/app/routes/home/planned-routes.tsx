import type { RouteObject } from 'react-router-dom';

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

/** Team pages (spec 000 section 2, home routes for team users). */
export const plannedTeamRoutes: RouteObject[] = [
  { path: 'manager-portal', lazy: planned('Director Portal', 'The teams you own will appear here, each with its latest team score.') },
  { path: 'coach-portal', lazy: planned('Coach Portal', 'The teams you coach and your team invites will appear here.') },
  {
    path: 'my-team',
    children: [
      { index: true, lazy: planned('My Team', "Your selected team's members and invites will appear here.") },
      { path: 'new', lazy: planned('New Team', 'The form to create a team dashboard will appear here.') },
      { path: 'waiting', lazy: planned('Waiting', 'Invites that wait for an answer will appear here.') },
      { path: 'statistics/:id?', lazy: planned('Analytics', "Your team's score statistics will appear here.") },
      { path: 'journal', lazy: planned('Journal', "Your team's journal comments will appear here.") },
    ],
  },
  { path: 'no-team', lazy: planned('Waiting For Team', 'The team that adds you will appear here.') },
  { path: 'team-invite', lazy: planned('Team Invite', 'Invites to join a team will appear here.') },
];

/** Admin-only pages (spec 001 section 2); mounted behind the admin route gate. */
export const plannedAdminRoutes: RouteObject[] = [
  { path: 'videos', lazy: planned('Content', 'The video vault will appear here, grouped by category.') },
  { path: 'videos/:id/edit', lazy: planned('Edit video', 'The video editor will appear here.') },
  { path: 'video/upload', lazy: planned('Add a video', 'The video upload steps will appear here.') },
  { path: 'video-recommendation', lazy: planned('Recommendation', 'Video recommendations will appear here.') },
  { path: 'users/*', lazy: planned('Users', 'The user list, with search, filters and user details, will appear here.') },
  { path: 'weekly-challenge', lazy: planned('Weekly Challenge', 'Weekly challenges will appear here.') },
  { path: 'payments', lazy: planned('Payments', 'Payments and their statistics will appear here.') },
  { path: 'teams-performance', lazy: planned('Teams Performance', 'Team score reports by coupon will appear here.') },
  { path: 'user-performance', lazy: planned('User Performance', 'Gamer score reports by coupon will appear here.') },
  { path: 'promotion', lazy: planned('Promotion', 'Promotion code batches will appear here.') },
];
