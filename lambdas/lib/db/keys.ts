/**
 * Key builders for every item kind in the table; docs/data-model.md lists the access patterns. Called with an empty
 * last part, a builder gives the prefix its Query starts with (`keys.membership(teamId, '')`: a team's members).
 */
export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userByEmail: (email: string) => ({ gsi1pk: `EMAIL#${email.toLowerCase()}`, gsi1sk: 'USER' }),
  /** Every user on one gsi2 partition, ordered by creation (admin listing). */
  userListing: (createdAt: string, userId: string) => ({ gsi2pk: 'USERS', gsi2sk: `${createdAt}#${userId}` }),
  /**
   * One word a user is found by in the admin search (core/users/search.ts), under the word's first character: a search
   * is one Query on `USER_SEARCH#<its first character>` with the sort key beginning with the search.
   */
  userSearch: (word: string, userId: string) => ({ pk: `USER_SEARCH#${word.charAt(0)}`, sk: `${word}#${userId}` }),
  team: (teamId: string) => ({ pk: `TEAM#${teamId}`, sk: 'TEAM' }),
  teamByOwner: (ownerId: string, teamId: string) => ({ gsi1pk: `OWNER#${ownerId}`, gsi1sk: `TEAM#${teamId}` }),
  /** Every team on one gsi2 partition, ordered by creation (admin listing). */
  teamListing: (createdAt: string, teamId: string) => ({ gsi2pk: 'TEAMS', gsi2sk: `${createdAt}#${teamId}` }),
  membership: (teamId: string, userId: string) => ({ pk: `TEAM#${teamId}`, sk: `MEMBER#${userId}` }),
  membershipByUser: (userId: string, teamId: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: `MEMBER#${teamId}` }),
  /** One answer of a gamer for one score day. */
  answer: (userId: string, day: string, questionSlug: string) => ({ pk: `USER#${userId}`, sk: `ANSWER#${day}#${questionSlug}` }),
  /** Sort keys of answers from `from` to `to` (both days included): `to`'s answers sort below `ANSWER#<to>#~`. */
  answerRange: (from: string, to: string) => ({ from: `ANSWER#${from}#`, to: `ANSWER#${to}#~` }),
  memberDay: (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `DAY#${day}` }),
  teamDay: (teamId: string, day: string) => ({ pk: `TEAM#${teamId}`, sk: `DAY#${day}` }),
  dayPrefix: 'DAY#',
  invite: (teamId: string, inviteId: string) => ({ pk: `TEAM#${teamId}`, sk: `INVITE#${inviteId}` }),
  /** An invitee's invites by status, oldest first: sign-in checks for a pending coach invite. */
  inviteByInvitee: (email: string, status: string, createdAt: string) => ({
    gsi1pk: `INVITEE#${email.toLowerCase()}`,
    gsi1sk: `INVITE#${status}#${createdAt}`,
  }),
  teamSubscription: (teamId: string) => ({ pk: `TEAM#${teamId}`, sk: 'SUBSCRIPTION' }),
  /** A team's seat counts (seats of its plan and extra ones, seats in use), changed in every membership transaction. */
  teamSeats: (teamId: string) => ({ pk: `TEAM#${teamId}`, sk: 'SEATS' }),
  /** An extra gamer seat bought for a team (billing). */
  seat: (teamId: string, seatId: string) => ({ pk: `TEAM#${teamId}`, sk: `SEAT#${seatId}` }),
  /** Guard: one pending invite per team and e-mail, written and removed with the invite's status. */
  pendingInviteGuard: (teamId: string, email: string) => ({ pk: `TEAM#${teamId}`, sk: `INVITEE#${email.toLowerCase()}` }),
  /** A one-time team code, found by the code itself (join by code) and by team (gsi1). */
  teamCode: (code: string) => ({ pk: `CODE#${code}`, sk: 'TEAM_CODE' }),
  teamCodeByTeam: (teamId: string, createdAt: string, code: string) => ({ gsi1pk: `TEAM_CODES#${teamId}`, gsi1sk: `CODE#${createdAt}#${code}` }),
  /** A team-dashboard purchase of a director; `teamId` is set once a team is created with it. */
  dashboardPurchase: (userId: string, subscriptionId: string) => ({ pk: `USER#${userId}`, sk: `DASHBOARD#${subscriptionId}` }),
  /** A payment of a user (billing). */
  payment: (userId: string, paymentId: string) => ({ pk: `USER#${userId}`, sk: `PAYMENT#${paymentId}` }),
  /** Payments of one status on one gsi2 partition, by creation (admin payments page: a status and a created-at range). */
  paymentListing: (status: string, createdAt: string, paymentId: string) => ({ gsi2pk: `PAYMENTS#${status}`, gsi2sk: `${createdAt}#${paymentId}` }),
  /** The payments made with a coupon or promotion code (upper-cased) on gsi1, by creation (coupon score reports). */
  paymentByCoupon: (coupon: string, createdAt: string, paymentId: string) => ({
    gsi1pk: `COUPON#${coupon.toUpperCase()}`,
    gsi1sk: `PAYMENT#${createdAt}#${paymentId}`,
  }),
  /** A promotion (a batch of one-time codes from a CSV), listed newest first on gsi2. */
  promotion: (promotionId: string) => ({ pk: `PROMOTION#${promotionId}`, sk: 'PROMOTION' }),
  promotionListing: (createdAt: string, promotionId: string) => ({ gsi2pk: 'PROMOTIONS', gsi2sk: `${createdAt}#${promotionId}` }),
  /** One code of a promotion, by the code itself (upper-cased): redeemed once on /coupon. */
  promotionCode: (code: string) => ({ pk: `PROMO_CODE#${code.toUpperCase()}`, sk: 'PROMO_CODE' }),
  billingCustomer: (userId: string) => ({ pk: `USER#${userId}`, sk: 'BILLING_CUSTOMER' }),
  trialClaim: (userId: string) => ({ pk: `USER#${userId}`, sk: 'TRIAL' }),
  /** How many teams a director owns: deleting one needs 2 or more, checked in the delete transaction. */
  ownedTeamCount: (userId: string) => ({ pk: `USER#${userId}`, sk: 'OWNED_TEAMS' }),
  /** Uniqueness guards written with the profile in one transaction: one account per e-mail, per Discord id. */
  /** An account deletion under way, from its first step to its last (lambdas/lib/account-deletion.ts): all on one partition. */
  deletionInProgress: (userId: string) => ({ pk: 'DELETIONS', sk: `USER#${userId}` }),
  emailClaim: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'CLAIM' }),
  discordClaim: (discordId: string) => ({ pk: `DISCORD#${discordId}`, sk: 'CLAIM' }),
  /** Failed sign-in count of an account (expires with the lock period). */
  loginAttempts: (userId: string) => ({ pk: `USER#${userId}`, sk: 'LOGIN_ATTEMPTS' }),
  /** The account's one live password-reset code (hash only; expires with the code). */
  resetCode: (userId: string) => ({ pk: `USER#${userId}`, sk: 'RESET_CODE' }),
  /** The account's one live e-mail proof code (hash only; expires with the code): docs/accounts.md "Proving your mailbox". */
  emailProof: (userId: string) => ({ pk: `USER#${userId}`, sk: 'EMAIL_PROOF' }),
  /** A coupon applied to an e-mail, waiting for its mailbox to confirm it, by the hash of the mailed token (expires). */
  couponClaim: (tokenHash: string) => ({ pk: `COUPON_CLAIM#${tokenHash}`, sk: 'CLAIM' }),
  /** When the account last signed out: its tokens issued before then are refused (expires after the longest token life). */
  signOut: (userId: string) => ({ pk: `USER#${userId}`, sk: 'SIGN_OUT' }),
  /** A journal comment under its team, by day then the gamer whose answer it is on (a team day's journal is one Query). */
  comment: (teamId: string, day: string, userId: string, createdAt: string, commentId: string) => ({
    pk: `TEAM#${teamId}`,
    sk: `COMMENT#${day}#${userId}#${createdAt}#${commentId}`,
  }),
  /** The sort-key prefix of a team day's comments, or of one gamer's among them. */
  commentsOfDay: (day: string, userId?: string) => `COMMENT#${day}#${userId ? `${userId}#` : ''}`,
  /** A comment by its id (gsi1). */
  commentById: (commentId: string) => ({ gsi1pk: `COMMENT#${commentId}`, gsi1sk: 'COMMENT' }),
  /** The replies to a comment, oldest first (gsi2). */
  replyTo: (answerTo: string, createdAt: string, commentId: string) => ({ gsi2pk: `REPLIES#${answerTo}`, gsi2sk: `${createdAt}#${commentId}` }),
  /** A user's unread journal notifications in one team (a counter changed with ADD). */
  notifications: (userId: string, teamId: string) => ({ pk: `USER#${userId}`, sk: `NOTIFICATIONS#${teamId}` }),
  /** A readiness alert: one per team, gamer and score day (its conditional Put is the once-a-day guard). */
  readinessAlert: (teamId: string, day: string, userId: string) => ({ pk: `TEAM#${teamId}`, sk: `ALERT#${day}#${userId}` }),
  /** Guard: one readiness-alert e-mail per recipient, gamer and score day (expires after a few days). */
  alertMail: (recipientId: string, day: string, userId: string) => ({ pk: `USER#${recipientId}`, sk: `ALERT_MAIL#${day}#${userId}` }),
  /** Uses of one rate-limited action by one subject in one fixed window (expires with the window). */
  rateWindow: (subject: string, windowStart: number) => ({ pk: `RATE#${subject}`, sk: `WINDOW#${windowStart}` }),
  /** A gamer's report share to one e-mail (one share per gamer and address). */
  reportShare: (gamerId: string, email: string) => ({ pk: `USER#${gamerId}`, sk: `SHARE#${email.toLowerCase()}` }),
  reportSharePrefix: 'SHARE#',
  /** A share by its id (gsi1): the landing page's `shareId`. */
  reportShareById: (shareId: string) => ({ gsi1pk: `SHARE#${shareId}`, gsi1sk: 'SHARE' }),
  /** A pending or active share by the time its next recap is due, on one of the due shards (gsi2). */
  recapDue: (shard: number, nextReportAt: string, shareId: string) => ({ gsi2pk: `RECAP_DUE#${shard}`, gsi2sk: `${nextReportAt}#${shareId}` }),
  /** An address that unsubscribed from a gamer's reports: his shares with it are refused while it exists. */
  shareOptOut: (gamerId: string, email: string) => ({ pk: `USER#${gamerId}`, sk: `SHARE_OPTOUT#${email.toLowerCase()}` }),
  /** How many shares a gamer has (capped in the share transaction). */
  shareCount: (gamerId: string) => ({ pk: `USER#${gamerId}`, sk: 'SHARE_COUNT' }),
  /** Guard: one recap per share and period (expires after a few weeks). */
  recapSent: (gamerId: string, shareId: string, period: string) => ({ pk: `USER#${gamerId}`, sk: `RECAP_SENT#${shareId}#${period}` }),
  /** A gamer's reminder settings (docs/reminders.md). */
  reminderSettings: (userId: string) => ({ pk: `USER#${userId}`, sk: 'REMINDER' }),
  /** Reminder settings that are on, by the instant the next reminder is due, on one of the due shards (gsi2). */
  reminderDue: (shard: number, nextReminderAt: string, userId: string) => ({
    gsi2pk: `REMINDER_DUE#${shard}`,
    gsi2sk: `${nextReminderAt}#${userId}`,
  }),
  /** Guard: one reminder per gamer and score day; and one Nudge per gamer and score day, whoever sends it (TTL). */
  reminderSent: (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `REMINDER_SENT#${day}` }),
  nudged: (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `NUDGED#${day}` }),
  /** One device's Web Push subscription, by a hash of its endpoint; and how many a gamer has (capped). */
  pushSubscription: (userId: string, subscriptionId: string) => ({ pk: `USER#${userId}`, sk: `PUSH#${subscriptionId}` }),
  pushSubscriptionPrefix: 'PUSH#',
  pushSubscriptionCount: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PUSH_COUNT' }),
  /** An audit-log entry under its actor, newest last (an actor's entries: one Query, read backwards). */
  audit: (actorId: string, at: string, auditId: string) => ({ pk: `AUDIT#${actorId}`, sk: `${at}#${auditId}` }),
  /** The entries about one target (a user, a video, a payment...) on gsi1. */
  auditByTarget: (targetId: string, at: string, auditId: string) => ({ gsi1pk: `AUDIT_TARGET#${targetId}`, gsi1sk: `${at}#${auditId}` }),
  /** Every entry on one gsi2 partition, by time (the admin page, newest first). */
  auditListing: (at: string, auditId: string) => ({ gsi2pk: 'AUDIT', gsi2sk: `${at}#${auditId}` }),
  /** A weekly challenge by id. */
  weeklyChallenge: (challengeId: string) => ({ pk: `CHALLENGE#${challengeId}`, sk: 'CHALLENGE' }),
  /** Every weekly challenge on one gsi2 partition, by year then week (the admin list, oldest first). */
  weeklyChallengeListing: (year: number, week: number, challengeId: string) => ({
    gsi2pk: 'CHALLENGES',
    gsi2sk: `${year}#${String(week).padStart(2, '0')}#${challengeId}`,
  }),
  /** Guard: one challenge per ISO week, holding that challenge's id (a gamer's current challenge is found through it). */
  challengeWeek: (year: number, week: number) => ({ pk: `CHALLENGE_WEEK#${year}#${String(week).padStart(2, '0')}`, sk: 'CLAIM' }),
  /** A video recommendation by id. */
  recommendation: (recommendationId: string) => ({ pk: `RECOMMENDATION#${recommendationId}`, sk: 'RECOMMENDATION' }),
  /** Every recommendation on one gsi2 partition, newest first when read backwards (the admin table). */
  recommendationListing: (createdAt: string, recommendationId: string) => ({ gsi2pk: 'RECOMMENDATIONS', gsi2sk: `${createdAt}#${recommendationId}` }),
  /** How many recommendations there are, moved with `ADD` in each create and delete transaction (the table's count). */
  recommendationCount: { pk: 'RECOMMENDATIONS', sk: 'COUNT' },
  /** A video (admin content); every video on one gsi2 partition (the admin list and the library, filtered and sorted in the resolver). */
  video: (videoId: string) => ({ pk: `VIDEO#${videoId}`, sk: 'VIDEO' }),
  videoListing: (videoId: string) => ({ gsi2pk: 'VIDEOS', gsi2sk: videoId }),
  /** Guard: one video per title (any case), written and removed with the video's title. */
  videoTitleClaim: (claim: string) => ({ pk: `VIDEO_TITLE#${claim}`, sk: 'CLAIM' }),
  /** A question of a video under its slug (the slug is unique per video by the key itself), found by id on gsi1. */
  videoQuestion: (videoId: string, slug: string) => ({ pk: `VIDEO#${videoId}`, sk: `QUESTION#${slug}` }),
  /** Guard: one transcode per uploaded source file (S3 may deliver an upload event twice); expires after a week. */
  videoTranscodeClaim: (videoId: string, uploadKey: string) => ({ pk: `VIDEO#${videoId}`, sk: `TRANSCODE#${uploadKey}` }),
  videoQuestionById: (questionId: string) => ({ gsi1pk: `VIDEO_QUESTION#${questionId}`, gsi1sk: 'QUESTION' }),
  videoInstructor: (instructorId: string) => ({ pk: `INSTRUCTOR#${instructorId}`, sk: 'INSTRUCTOR' }),
  videoInstructorListing: (instructorId: string) => ({ gsi2pk: 'VIDEO_INSTRUCTORS', gsi2sk: instructorId }),
  instructorNameClaim: (claim: string) => ({ pk: `INSTRUCTOR_NAME#${claim}`, sk: 'CLAIM' }),
  /** The per-instructor index of videos: one link per video of the instructor (clearing them needs no Scan). */
  instructorVideo: (instructorId: string, videoId: string) => ({ pk: `INSTRUCTOR#${instructorId}`, sk: `VIDEO#${videoId}` }),
  videoSeries: (seriesId: string) => ({ pk: `SERIES#${seriesId}`, sk: 'SERIES' }),
  videoSeriesListing: (seriesId: string) => ({ gsi2pk: 'VIDEO_SERIES', gsi2sk: seriesId }),
  seriesNameClaim: (claim: string) => ({ pk: `SERIES_NAME#${claim}`, sk: 'CLAIM' }),
  /** The per-series index of videos, and the guard of one video per series episode. */
  seriesVideo: (seriesId: string, videoId: string) => ({ pk: `SERIES#${seriesId}`, sk: `VIDEO#${videoId}` }),
  seriesEpisodeClaim: (seriesId: string, episode: number) => ({ pk: `SERIES#${seriesId}`, sk: `EPISODE#${episode}` }),
};
