/**
 * The one place that says which Lambda serves each root GraphQL field.
 * CDK (infra/) builds AppSync data sources and resolvers from it; the local gateway
 * (scripts/local/gateway) loads the same handlers from it. Pure data: no imports with side effects.
 */

/**
 * What a function reaches beyond the table (every function gets the table, TABLE_NAME, USER_POOL_ID and
 * USER_POOL_CLIENT_ID). infra/ grants exactly these: userPool -> Cognito admin calls on the pool;
 * uploads / videos -> objects of that bucket (UPLOADS_BUCKET / VIDEOS_BUCKET); mail -> SES send as MAIL_FROM;
 * stripeSecretKey / stripeWebhookSecret / discordClientSecret / vapidPrivateKey -> read of that SSM SecureString
 * parameter, whose name (not value) is in STRIPE_SECRET_KEY_PARAM / STRIPE_WEBHOOK_SECRET_PARAM /
 * DISCORD_CLIENT_SECRET_PARAM / VAPID_PRIVATE_KEY_PARAM;
 * transcoder -> MediaConvert CreateJob with the video job template, passing the MediaConvert role
 * (MEDIACONVERT_JOB_TEMPLATE / MEDIACONVERT_ROLE_ARN).
 */
export type FunctionResource =
  'userPool' | 'uploads' | 'videos' | 'mail' | 'stripeSecretKey' | 'stripeWebhookSecret' | 'discordClientSecret' | 'vapidPrivateKey' | 'transcoder';

/** Seconds a function may run when its spec names none: within AppSync's 30. */
export const DEFAULT_FUNCTION_TIMEOUT_SECONDS = 20;

export interface LambdaFunctionSpec {
  readonly entry: string;
  readonly description: string;
  readonly uses?: readonly FunctionResource[];
  /** Seconds the function may run (DEFAULT_FUNCTION_TIMEOUT_SECONDS when absent); the scheduled jobs need minutes. */
  readonly timeoutSeconds?: number;
  /** Server-only (@aws_iam) mutations the function runs on the API to reach subscribers (lambdas/lib/api-publish.ts). */
  readonly publishes?: readonly string[];
}

export const lambdaFunctions = {
  system: { entry: 'lambdas/system/handler.ts', description: 'Health and service information' },
  teams: {
    entry: 'lambdas/teams/handler.ts',
    description: 'Teams, membership, invites and join codes, seats and team selection',
    // Removing an extra seat lowers the quantity of the team's seat subscription.
    uses: ['mail', 'stripeSecretKey'],
    publishes: ['publishTeamMembersChanged'],
  },
  auth: {
    entry: 'lambdas/auth/handler.ts',
    description: 'Accounts and sessions: sign-in, sign-up, password reset, Discord sign-in, token refresh, me',
    uses: ['userPool', 'mail', 'discordClientSecret'],
  },
  billing: {
    entry: 'lambdas/billing/handler.ts',
    description: 'Coupons, purchases and subscriptions, trials, saved cards (Stripe); admin payments, promotions and coupon reports',
    // Mail: the link that confirms a coupon applied to an e-mail.
    uses: ['userPool', 'stripeSecretKey', 'mail'],
  },
  scoring: {
    entry: 'lambdas/scoring/handler.ts',
    description: 'Daily check-in, scores, score statistics and answers; readiness alerts of a check-in',
    uses: ['mail'],
    publishes: ['publishTeamCheckIn'],
  },
  journal: { entry: 'lambdas/journal/handler.ts', description: 'Journal comments, unread notifications, readiness alerts and their settings' },
  reportSharing: {
    entry: 'lambdas/recap/handler.ts',
    description: "Report sharing: a gamer's shares and the recipient's answer from a recap e-mail",
  },
  reminders: {
    entry: 'lambdas/reminders/handler.ts',
    description: "Check-in reminders: a gamer's settings and Web Push devices, the staff's Nudge (docs/reminders.md)",
    uses: ['mail', 'vapidPrivateKey'],
  },
  avatars: {
    entry: 'lambdas/avatars/handler.ts',
    description: 'Avatar uploads: presigned POST, then the check of the uploaded image',
    uses: ['uploads'],
  },
  recommendations: {
    entry: 'lambdas/recommendations/handler.ts',
    description: 'Video recommendations: the admin table and its writes',
    // Thumbnails and playlists of the linked videos through presigned GETs.
    uses: ['videos'],
  },
  weeklyChallenges: {
    entry: 'lambdas/weekly-challenges/handler.ts',
    description: 'Weekly challenges: the admin list and its writes, the current week for gamers',
  },
  account: {
    entry: 'lambdas/account/handler.ts',
    description: "A user's own account: the data export, proving its mailbox, deleting the account (Cognito user, items, avatars)",
    uses: ['userPool', 'uploads', 'mail'],
  },
  users: {
    entry: 'lambdas/users/handler.ts',
    description: 'User administration (list, search, edit, roles, enable, disable, delete), the audit log, own profile edits',
    // Deleting a user removes his uploaded avatars too (lambdas/lib/account-deletion.ts).
    uses: ['userPool', 'uploads'],
  },
  videos: {
    entry: 'lambdas/videos/handler.ts',
    description: 'Video content: the vault, questions, instructors, series, upload links and the library',
    uses: ['videos'],
  },
} as const satisfies Record<string, LambdaFunctionSpec>;

export type LambdaFunctionName = keyof typeof lambdaFunctions;

export const resolverMap = {
  'Query.health': 'system',
  'Query.me': 'auth',
  'Mutation.loginUser': 'auth',
  'Mutation.signUpUser': 'auth',
  'Mutation.forgotPassword': 'auth',
  'Mutation.forgotPasswordVerify': 'auth',
  'Mutation.forgotPasswordFinal': 'auth',
  'Mutation.refreshToken': 'auth',
  'Mutation.logInUserWithDiscord': 'auth',
  'Mutation.logoutUser': 'auth',
  'Query.getSelectedTeam': 'teams',
  'Mutation.setSelectedTeam': 'teams',
  'Subscription.onSelectedTeamChanged': 'teams',
  'Query.teamsByOwner': 'teams',
  'Query.team': 'teams',
  'Query.teamWithStats': 'teams',
  'Query.user': 'teams',
  'Query.verifyTeamSubscription': 'teams',
  'Query.getTeamCodes': 'teams',
  'Query.teamSeatsSubscriptions': 'teams',
  'Query.teamInvites': 'teams',
  'Query.receivedInvites': 'teams',
  'Query.receivedInviteByTeam': 'teams',
  'Query.hasUnusedDashboardPurchase': 'teams',
  'Mutation.createTeam': 'teams',
  'Mutation.updateTeam': 'teams',
  'Mutation.deleteTeam': 'teams',
  'Mutation.leaveTeam': 'teams',
  'Mutation.removeTeamMember': 'teams',
  'Mutation.deleteTeamSeat': 'teams',
  'Mutation.sendInvite': 'teams',
  'Mutation.acceptInvite': 'teams',
  'Mutation.rejectInvite': 'teams',
  'Mutation.deleteTeamInvite': 'teams',
  'Mutation.joinTeamWithCode': 'teams',
  'Query.checkCoupon': 'billing',
  'Query.cardDetails': 'billing',
  'Query.subscriptionConfigs': 'billing',
  'Query.dashboardPaymentPrompt': 'billing',
  'Mutation.applyCouponToEmail': 'billing',
  'Mutation.confirmCoupon': 'billing',
  'Mutation.upgradeSubscription': 'billing',
  'Mutation.startTrial': 'billing',
  'Mutation.cancelSubscription': 'billing',
  'Mutation.setupPaymentMethod': 'billing',
  'Query.findManyPayments': 'billing',
  'Query.aggregatePayments': 'billing',
  'Query.getPaymentStats': 'billing',
  'Query.getGamersFromCoupon': 'billing',
  'Query.getTeamsFromCoupon': 'billing',
  'Mutation.createPayment': 'billing',
  'Mutation.createManualPayment': 'billing',
  'Mutation.addPromotion': 'billing',
  'Mutation.publishTeamMembersChanged': 'teams',
  'Subscription.onTeamMembersChanged': 'teams',
  'Mutation.publishTeamCheckIn': 'scoring',
  'Subscription.onTeamCheckIn': 'scoring',
  'Query.myDataExport': 'account',
  'Mutation.deleteAccount': 'account',
  'Mutation.sendEmailProof': 'account',
  'Mutation.proveEmail': 'account',
  'Mutation.submitAnswers': 'scoring',
  'Query.myCheckIn': 'scoring',
  'Query.myScore': 'scoring',
  'Query.myScoreStats': 'scoring',
  'Query.myTeamScoreStats': 'scoring',
  'Query.myTeamDataStats': 'scoring',
  'Query.myTeamDataStatsPro': 'scoring',
  'Query.userAnswers': 'scoring',
  'Query.userScoreStatistics': 'scoring',
  'Query.teamMemberScores': 'scoring',
  'Query.userAnswerBySlug': 'scoring',
  'Query.getJournalComments': 'journal',
  'Query.getRepliedComment': 'journal',
  'Query.teamJournal': 'journal',
  'Query.teamNotifications': 'journal',
  'Query.readinessAlerts': 'journal',
  'Mutation.createComment': 'journal',
  'Mutation.updateComment': 'journal',
  'Mutation.deleteComment': 'journal',
  'Mutation.clearTeamNotifications': 'journal',
  'Mutation.updateNotificationSettings': 'journal',
  'Subscription.onJournalComment': 'journal',
  'Query.myReportShares': 'reportSharing',
  'Mutation.updateShareFGScore': 'reportSharing',
  'Mutation.activateShareFGScore': 'reportSharing',
  'Query.reminderSettings': 'reminders',
  'Mutation.updateReminderSettings': 'reminders',
  'Mutation.savePushSubscription': 'reminders',
  'Mutation.removePushSubscription': 'reminders',
  'Mutation.nudgeTeam': 'reminders',
  'Mutation.getImageUploadUrl': 'avatars',
  'Mutation.confirmAvatarUpload': 'avatars',
  'Query.getRecommendations': 'recommendations',
  'Mutation.createVideoRecommendation': 'recommendations',
  'Mutation.updateVideoRecommendation': 'recommendations',
  'Mutation.deleteVideoRecommendation': 'recommendations',
  'Query.weeklyChallenges': 'weeklyChallenges',
  'Query.currentWeeklyChallenge': 'weeklyChallenges',
  'Mutation.createWeeklyChallenge': 'weeklyChallenges',
  'Mutation.updateWeeklyChallenge': 'weeklyChallenges',
  'Mutation.deleteWeeklyChallenge': 'weeklyChallenges',
  'Query.users': 'users',
  'Query.aggregateUser': 'users',
  'Query.auditLogs': 'users',
  'Mutation.updateUser': 'users',
  'Mutation.updateUserRole': 'users',
  'Mutation.disableUser': 'users',
  'Mutation.enableUser': 'users',
  'Mutation.deleteUser': 'users',
  'Query.videos': 'videos',
  'Query.aggregateVideo': 'videos',
  'Query.video': 'videos',
  'Query.getVideoUploadUrl': 'videos',
  'Query.videoInstructorsAndSeries': 'videos',
  'Query.videoLibrary': 'videos',
  'Mutation.createVideo': 'videos',
  'Mutation.updateVideo': 'videos',
  'Mutation.deleteVideo': 'videos',
  'Mutation.enableVideo': 'videos',
  'Mutation.disableVideo': 'videos',
  'Mutation.uploadVideoThumbnail': 'videos',
  'Mutation.createVideoQuestion': 'videos',
  'Mutation.updateVideoQuestion': 'videos',
  'Mutation.deleteVideoQuestion': 'videos',
  'Mutation.createVideoInstructor': 'videos',
  'Mutation.updateVideoInstructor': 'videos',
  'Mutation.deleteVideoInstructor': 'videos',
  'Mutation.createVideoSeries': 'videos',
  'Mutation.updateVideoSeries': 'videos',
  'Mutation.deleteVideoSeries': 'videos',
  'Mutation.uploadVideoSeriesCoverImage': 'videos',
} as const satisfies Record<string, LambdaFunctionName>;

export type RootField = keyof typeof resolverMap;

export function fieldsServedBy(name: LambdaFunctionName): RootField[] {
  return (Object.keys(resolverMap) as RootField[]).filter((field) => resolverMap[field] === name);
}
