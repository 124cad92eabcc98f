/**
 * Every route of the web app, written once (docs/product.md, the route tables): the router's patterns, the navigation,
 * the sign-in redirects and every page's links read them from here. Paths are absolute and keep the spec's
 * trailing slashes (the router matches with or without one).
 */
export const paths = {
  root: '/',
  pricing: '/pricing',
  coupon: '/coupon',
  activateCoupon: '/activate/coupon',
  /** The link mailed for a coupon applied to an e-mail (`?token=`; docs/billing.md "Who may redeem a coupon"). */
  confirmCoupon: '/coupon/confirm',
  simulator: '/simulator',
  /** The report landing page of the recap e-mails' links (docs/product.md, "Public and session routes"). */
  recapReports: '/recap/reports',
  /** Opens the mobile app's store page (docs/product.md, "Public and session routes"). */
  storeLink: '/store-link',
  auth: {
    root: '/auth',
    login: '/auth/login',
    signUp: '/auth/signup',
    forgotPassword: '/auth/forgot-password',
  },
  home: {
    root: '/home',
    /** A gamer's home: today's check-in, score, streak and challenge (docs/product.md, "Where FitGauge leaves the spec"). */
    today: '/home/today',
    checkIn: '/home/check-in',
    myScores: '/home/my-scores',
    managerPortal: '/home/manager-portal',
    coachPortal: '/home/coach-portal',
    coachInvites: '/home/coach-portal?tab=team-invite',
    noTeam: '/home/no-team',
    teamInvite: '/home/team-invite',
    myTeam: {
      root: '/home/my-team',
      new: '/home/my-team/new',
      waiting: '/home/my-team/waiting',
      statistics: '/home/my-team/statistics/',
      memberStatistics: '/home/my-team/statistics/:id',
      journal: '/home/my-team/journal',
    },
    videos: '/home/videos/',
    editVideo: '/home/videos/:id/edit',
    uploadVideo: '/home/video/upload',
    videoRecommendation: '/home/video-recommendation/',
    users: '/home/users/',
    /** The user's side panel over the list, and the list's action routes (docs/product.md, "Signed-in routes"). */
    user: '/home/users/:id',
    disableUser: '/home/users/:id/disable',
    enableUser: '/home/users/:id/enable',
    /** `:ids` is the users' ids separated by commas. */
    bulkDeleteUsers: '/home/users/:ids/bulk-delete',
    auditLog: '/home/audit-log/',
    weeklyChallenge: '/home/weekly-challenge/',
    payments: '/home/payments/',
    teamsPerformance: '/home/teams-performance/',
    userPerformance: '/home/user-performance/',
    promotion: '/home/promotion/',
    /** The account page (every signed-in user); its tabs are sub-routes, the profile at the root. */
    account: {
      root: '/home/account',
      notifications: '/home/account/notifications',
      /** The gamer's report shares (a tab of the account page). */
      sharing: '/home/account/sharing',
      data: '/home/account/data',
      delete: '/home/account/delete',
    },
    /** The UI kit's showcase (admins). */
    uiKit: '/home/ui',
  },
} as const;

/** A route pattern with its `:name` parameters filled in (encoded). */
export function withParams(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** `path` with a query string of the given parameters (none: the bare path). */
export function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
