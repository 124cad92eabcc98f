/**
 * The resolver Lambdas: each one's entry file and what it reaches beyond the table. Which root field each serves comes
 * from its field declarations (lambdas/api-fields.ts). CDK (infra/) builds the functions from these specs; the local
 * gateway (scripts/local/gateway) loads the same handlers. Pure data: no imports with side effects.
 */

/**
 * What a function reaches beyond the table (every function gets the table, TABLE_NAME, USER_POOL_ID and
 * USER_POOL_CLIENT_ID). infra/ grants exactly these: userPool -> Cognito admin calls on the pool;
 * uploads / videos -> objects of that bucket (UPLOADS_BUCKET / VIDEOS_BUCKET); mail -> SendMessage to the mail queue
 * (MAIL_QUEUE_URL: lambdas/lib/mail.ts); mailDelivery -> SES send as MAIL_FROM in the configuration set
 * MAIL_CONFIGURATION_SET (the mail sender alone);
 * stripeSecretKey / stripeWebhookSecret / discordClientSecret / vapidPrivateKey -> read of that SSM SecureString
 * parameter, whose name (not value) is in STRIPE_SECRET_KEY_PARAM / STRIPE_WEBHOOK_SECRET_PARAM /
 * DISCORD_CLIENT_SECRET_PARAM / VAPID_PRIVATE_KEY_PARAM;
 * transcoder -> MediaConvert CreateJob with the video job template, passing the MediaConvert role
 * (MEDIACONVERT_JOB_TEMPLATE / MEDIACONVERT_ROLE_ARN).
 */
export type FunctionResource =
  | 'userPool'
  | 'uploads'
  | 'videos'
  | 'mail'
  | 'mailDelivery'
  | 'stripeSecretKey'
  | 'stripeWebhookSecret'
  | 'discordClientSecret'
  | 'vapidPrivateKey'
  | 'transcoder';

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
