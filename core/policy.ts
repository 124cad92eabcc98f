import type { Role } from './roles';

/**
 * The one policy map (docs/architecture.md, "Authorization"): for every root field of schema.graphql, who may call it
 * and on which relation to the user or team it touches. The Lambdas authorize through it (lambdas/lib/authorization.ts),
 * the web app hides what it forbids with it, and tests/integration/authorization-matrix.test.ts checks the running API
 * against it for every field and caller.
 */

/** How a caller stands to the subject of a call. */
export type Relation =
  /** the subject is the caller */
  | 'self'
  /** the caller plays in the team (as a gamer) */
  | 'member'
  /** the caller coaches the team, or a team the subject user is in */
  | 'coach'
  /** the caller owns (directs) the team, or a team the subject user is in */
  | 'owner'
  /** the caller is an admin (ADMIN or SUPERADMIN) */
  | 'admin';

export type Subject =
  /** Touches nothing of a user's or team's (health), or proves who it is by its own arguments (sign-in, reset). */
  | { kind: 'none' }
  /** Reads or writes only the signed-in caller's own data. */
  | { kind: 'caller' }
  /** A user named by an argument, the caller when it is left out. */
  | { kind: 'user'; argument: string; relations: readonly Relation[] }
  /** A team named by an argument. */
  | { kind: 'team'; argument: string; relations: readonly Relation[] }
  /** The team of a journal comment named by an argument (its id). */
  | { kind: 'comment'; argument: string; relations: readonly Relation[] };

export interface FieldPolicy {
  /** Callable signed out, with the public token (the field carries @aws_lambda). */
  public: boolean;
  /** Callable by the backend's own functions with IAM credentials (the field carries @aws_iam); never by users. */
  iam?: boolean;
  /** Which signed-in users may call it: everyone, nobody, or only holders of these roles (Cognito groups). */
  users: 'all' | 'none' | readonly Role[];
  subject: Subject;
  /** What a refused caller is told, when it says more than the default. */
  refusal?: string;
}

export const DEFAULT_REFUSAL = 'You are not authorized to make this call.';

/*
 * The rows many fields share. Each domain's field declarations (lambdas/<domain>/fields.ts) name one of these or write
 * their own; the web app asks the same rows what to show.
 */
/** Anyone: signed out with the public token, or signed in. */
export const ANYONE: FieldPolicy = { public: true, users: 'all', subject: { kind: 'none' } };
/** Only the backend's own functions, with their IAM role (the field carries @aws_iam). */
export const BACKEND_ONLY: FieldPolicy = { public: false, iam: true, users: 'none', subject: { kind: 'none' } };

export const PUBLIC_ONLY: FieldPolicy = { public: true, users: 'none', subject: { kind: 'none' } };
export const OWN_DATA: FieldPolicy = { public: false, users: 'all', subject: { kind: 'caller' } };
/** Gamers answer the daily check-in; coaches and directors are not scored (docs/scoring.md, "On the gamer's pages"). */
export const GAMERS_OWN_DATA: FieldPolicy = {
  public: false,
  users: ['GAMER', 'SELF'],
  subject: { kind: 'caller' },
  refusal: 'Only gamers answer the daily check-in.',
};
/** Only gamers have score reports to share. */
export const GAMERS_SHARE: FieldPolicy = { ...GAMERS_OWN_DATA, refusal: 'Only gamers share their score reports.' };
/** Only gamers check in, so only they are reminded to. */
export const GAMERS_REMINDERS: FieldPolicy = { ...GAMERS_OWN_DATA, refusal: 'Only gamers get check-in reminders.' };
/** A gamer's scores and answers: their own, their team's coaches and director, and admins. */
export const GAMER_READ: FieldPolicy = {
  public: false,
  users: 'all',
  subject: { kind: 'user', argument: 'userId', relations: ['self', 'coach', 'owner', 'admin'] },
  refusal: 'You can only see your own scores and those of the members of teams you coach or own.',
};
/** A team's statistics: its director, its coaches and admins; not its gamers. */
export const TEAM_STATISTICS: FieldPolicy = {
  public: false,
  users: 'all',
  subject: { kind: 'team', argument: 'teamId', relations: ['owner', 'coach', 'admin'] },
  refusal: "Only the team's director, its coaches and admins can see its statistics.",
};

/** A team's own business: its director, its coaches and admins (invites, codes, seats). */
export const TEAM_STAFF: FieldPolicy = {
  public: false,
  users: 'all',
  subject: { kind: 'team', argument: 'teamId', relations: ['owner', 'coach', 'admin'] },
  refusal: "Only the team's director, its coaches and admins can do this.",
};
/** What only the team's director (or an admin) changes. */
export const TEAM_OWNER: FieldPolicy = {
  public: false,
  users: 'all',
  subject: { kind: 'team', argument: 'teamId', relations: ['owner', 'admin'] },
  refusal: "Only the team's director can do this.",
};

/**
 * A team's journal: its director, coaches and admins read every member's; a gamer (member) only the comments on his own
 * answers, which the resolvers check beside the relation (docs/journal.md).
 */
export const JOURNAL_READ = {
  public: false,
  users: 'all',
  relations: ['member', 'coach', 'owner', 'admin'],
  refusal: "Only the team's director, its coaches, admins and the gamer whose answers they are can read these comments.",
} as const;
/** Avatar uploads: the caller's own avatar, or with a teamId the team's, which only its director sets. */
export const TEAM_AVATAR: FieldPolicy = {
  public: false,
  users: 'all',
  subject: { kind: 'team', argument: 'teamId', relations: ['owner'] },
  refusal: "Only the team's director can change its avatar.",
};

/** The admin back office (docs/product.md, "Who uses it"): ADMIN and SUPERADMIN; whom they may act on is the management map's (MANAGES). */
export const ADMINS_ONLY: FieldPolicy = {
  public: false,
  users: ['ADMIN', 'SUPERADMIN'],
  subject: { kind: 'none' },
  refusal: 'Only admins can do this.',
};

/** The admin back office's content: admins and superadmins only (docs/videos.md, "Who may call what"). */
export const CONTENT_ADMIN: FieldPolicy = { ...ADMINS_ONLY, refusal: 'Only admins can manage video content.' };

export const POLICY = {
  'Query.health': { public: true, users: 'all', subject: { kind: 'none' } },
  'Query.me': OWN_DATA,
  'Query.getSelectedTeam': OWN_DATA,
  'Query.myCheckIn': GAMERS_OWN_DATA,
  'Query.myScore': GAMER_READ,
  'Query.myScoreStats': GAMER_READ,
  'Query.myTeamScoreStats': TEAM_STATISTICS,
  'Query.myTeamDataStats': TEAM_STATISTICS,
  'Query.myTeamDataStatsPro': TEAM_STATISTICS,
  'Query.userAnswers': GAMER_READ,
  'Query.userScoreStatistics': GAMER_READ,
  'Query.teamMemberScores': TEAM_STATISTICS,
  'Query.userAnswerBySlug': GAMER_READ,
  'Mutation.loginUser': PUBLIC_ONLY,
  'Mutation.signUpUser': PUBLIC_ONLY,
  'Mutation.forgotPassword': PUBLIC_ONLY,
  'Mutation.forgotPasswordVerify': PUBLIC_ONLY,
  'Mutation.forgotPasswordFinal': PUBLIC_ONLY,
  'Mutation.refreshToken': PUBLIC_ONLY,
  'Mutation.logInUserWithDiscord': PUBLIC_ONLY,
  // The refresh token is the credential, so an expired session can still be ended.
  'Mutation.logoutUser': { public: true, users: 'all', subject: { kind: 'none' } },
  'Mutation.setSelectedTeam': {
    public: false,
    users: 'all',
    subject: { kind: 'team', argument: 'teamId', relations: ['member', 'coach', 'owner', 'admin'] },
    refusal: 'You are not a member of this team.',
  },
  'Mutation.submitAnswers': GAMERS_OWN_DATA,
  'Query.teamsByOwner': {
    public: false,
    users: 'all',
    subject: { kind: 'user', argument: 'ownerId', relations: ['self', 'admin'] },
    refusal: 'You can only list the teams you own.',
  },
  // A gamer reads his own team's name and members; its statistics stay with its staff (TEAM_STATISTICS).
  'Query.team': {
    public: false,
    users: 'all',
    subject: { kind: 'team', argument: 'teamId', relations: ['member', 'coach', 'owner', 'admin'] },
    refusal: 'You are not a member of this team.',
  },
  // Scores of every listed member: the team's statistics, not for its gamers.
  'Query.teamWithStats': TEAM_STATISTICS,
  'Query.user': {
    public: false,
    users: 'all',
    subject: { kind: 'user', argument: 'id', relations: ['self', 'coach', 'owner', 'admin'] },
    refusal: 'You can only see your own profile and those of the members of teams you coach or own.',
  },
  'Query.verifyTeamSubscription': TEAM_OWNER,
  'Query.getTeamCodes': TEAM_STAFF,
  'Query.teamSeatsSubscriptions': TEAM_STAFF,
  'Query.teamInvites': TEAM_STAFF,
  // Invites are addressed to the caller's e-mail: the resolvers read only the caller's own.
  'Query.receivedInvites': OWN_DATA,
  'Query.receivedInviteByTeam': OWN_DATA,
  'Query.hasUnusedDashboardPurchase': OWN_DATA,
  'Mutation.acceptInvite': OWN_DATA,
  'Mutation.rejectInvite': OWN_DATA,
  'Mutation.joinTeamWithCode': OWN_DATA,
  'Mutation.leaveTeam': OWN_DATA,
  'Mutation.createTeam': {
    public: false,
    users: ['DIRECTOR'],
    subject: { kind: 'caller' },
    refusal: 'Only directors can create a team.',
  },
  'Mutation.updateTeam': TEAM_OWNER,
  'Mutation.deleteTeam': {
    public: false,
    users: ['DIRECTOR'],
    subject: { kind: 'team', argument: 'teamId', relations: ['owner'] },
    refusal: 'Only the director who owns a team can delete it.',
  },
  'Mutation.deleteTeamSeat': TEAM_OWNER,
  // Who may remove or invite whom within the team follows the management map (MANAGES) in the resolver.
  'Mutation.removeTeamMember': TEAM_STAFF,
  'Mutation.sendInvite': TEAM_STAFF,
  'Mutation.deleteTeamInvite': TEAM_STAFF,
  // A team avatar (teamId given) is its director's to set; without a team the upload is the caller's own avatar.
  'Mutation.getImageUploadUrl': TEAM_AVATAR,
  'Mutation.confirmAvatarUpload': TEAM_AVATAR,
  // Billing (docs/billing.md). Coupons are checked and applied on public pages.
  'Query.checkCoupon': { public: true, users: 'all', subject: { kind: 'none' } },
  'Mutation.applyCouponToEmail': { public: true, users: 'all', subject: { kind: 'none' } },
  // The mailed token is the proof: whoever opens the link, signed in or not.
  'Mutation.confirmCoupon': { public: true, users: 'all', subject: { kind: 'none' } },
  'Query.cardDetails': OWN_DATA,
  'Query.subscriptionConfigs': { public: true, users: 'all', subject: { kind: 'none' } },
  'Query.dashboardPaymentPrompt': OWN_DATA,
  'Mutation.setupPaymentMethod': OWN_DATA,
  'Mutation.startTrial': OWN_DATA,
  // The resolver reads only the caller's own payments.
  'Mutation.cancelSubscription': OWN_DATA,
  // Anyone buys a dashboard for themselves; a renewal or extra seats (teamId) only the team's director.
  'Mutation.upgradeSubscription': {
    public: false,
    users: 'all',
    subject: { kind: 'team', argument: 'teamId', relations: ['owner'] },
    refusal: "Only the team's director can pay for it.",
  },
  // Admin money pages (docs/billing.md, "Admin"): payments, manual payments, promotions, coupon score reports.
  'Query.findManyPayments': ADMINS_ONLY,
  'Query.aggregatePayments': ADMINS_ONLY,
  'Query.getPaymentStats': ADMINS_ONLY,
  'Query.getGamersFromCoupon': ADMINS_ONLY,
  'Query.getTeamsFromCoupon': ADMINS_ONLY,
  'Mutation.createPayment': ADMINS_ONLY,
  'Mutation.createManualPayment': ADMINS_ONLY,
  'Mutation.addPromotion': ADMINS_ONLY,
  'Subscription.onSelectedTeamChanged': {
    public: false,
    users: 'all',
    subject: { kind: 'user', argument: 'userId', relations: ['self'] },
    refusal: 'You can only follow your own team choice.',
  },
  'Query.getJournalComments': { ...JOURNAL_READ, subject: { kind: 'team', argument: 'teamId', relations: JOURNAL_READ.relations } },
  'Query.getRepliedComment': { ...JOURNAL_READ, subject: { kind: 'comment', argument: 'answerTo', relations: JOURNAL_READ.relations } },
  'Subscription.onJournalComment': { ...JOURNAL_READ, subject: { kind: 'team', argument: 'teamId', relations: JOURNAL_READ.relations } },
  // Every gamer's answers of a day: the team's staff, like its statistics.
  'Query.teamJournal': TEAM_STATISTICS,
  'Query.readinessAlerts': TEAM_STAFF,
  'Query.teamNotifications': OWN_DATA,
  // The director and coaches comment on members' answers; a gamer (member) only replies on his own (checked in the resolver).
  'Mutation.createComment': {
    public: false,
    users: 'all',
    subject: { kind: 'team', argument: 'teamId', relations: ['member', 'coach', 'owner'] },
    refusal: "Only the team's director and coaches comment on its members' answers; a gamer replies on his own.",
  },
  // Only the author changes or deletes a comment: the store's write is conditional on the author.
  'Mutation.updateComment': OWN_DATA,
  'Mutation.deleteComment': {
    public: false,
    users: 'all',
    subject: { kind: 'user', argument: 'userId', relations: ['self'] },
    refusal: 'You can only delete your own comments.',
  },
  'Mutation.clearTeamNotifications': {
    public: false,
    users: 'all',
    subject: { kind: 'user', argument: 'userId', relations: ['self'] },
    refusal: 'You can only clear your own notifications.',
  },
  'Mutation.updateNotificationSettings': OWN_DATA,
  // Report sharing (docs/recap.md): a gamer shares his own reports; the recipient answers from the e-mail's link,
  // signed out, with the share id (a UUID) as the only credential.
  'Query.myReportShares': GAMERS_SHARE,
  'Mutation.updateShareFGScore': GAMERS_SHARE,
  'Mutation.activateShareFGScore': { public: true, users: 'all', subject: { kind: 'none' } },
  // Check-in reminders (docs/reminders.md): a gamer's own settings and devices; the Nudge is the team's director's and
  // coaches' (one per gamer and day, enforced in the store).
  'Query.reminderSettings': GAMERS_REMINDERS,
  'Mutation.updateReminderSettings': GAMERS_REMINDERS,
  'Mutation.savePushSubscription': GAMERS_REMINDERS,
  'Mutation.removePushSubscription': GAMERS_REMINDERS,
  'Mutation.nudgeTeam': {
    public: false,
    users: 'all',
    subject: { kind: 'team', argument: 'teamId', relations: ['owner', 'coach'] },
    refusal: "Only the team's director and its coaches can nudge its members.",
  },
  // Published by the teams Lambda with its IAM role when a member joins or leaves; followed like the team query.
  'Mutation.publishTeamMembersChanged': { public: false, iam: true, users: 'none', subject: { kind: 'none' } },
  // Published by the scoring Lambda with its IAM role after a check-in; followed like the team statistics.
  'Mutation.publishTeamCheckIn': { public: false, iam: true, users: 'none', subject: { kind: 'none' } },
  'Subscription.onTeamCheckIn': TEAM_STATISTICS,
  'Query.myDataExport': OWN_DATA,
  'Mutation.deleteAccount': OWN_DATA,
  // Proving the caller's own mailbox (docs/accounts.md, "Proving your mailbox").
  'Mutation.sendEmailProof': OWN_DATA,
  'Mutation.proveEmail': OWN_DATA,
  'Subscription.onTeamMembersChanged': {
    public: false,
    users: 'all',
    subject: { kind: 'team', argument: 'teamId', relations: ['member', 'coach', 'owner', 'admin'] },
    refusal: 'You are not a member of this team.',
  },
  // Weekly challenges: admins manage them; every signed-in user reads his current week's on the check-in page.
  'Query.weeklyChallenges': ADMINS_ONLY,
  'Mutation.createWeeklyChallenge': ADMINS_ONLY,
  'Mutation.updateWeeklyChallenge': ADMINS_ONLY,
  'Mutation.deleteWeeklyChallenge': ADMINS_ONLY,
  'Query.currentWeeklyChallenge': OWN_DATA,
  'Query.getRecommendations': ADMINS_ONLY,
  'Mutation.createVideoRecommendation': ADMINS_ONLY,
  'Mutation.updateVideoRecommendation': ADMINS_ONLY,
  'Mutation.deleteVideoRecommendation': ADMINS_ONLY,
  // User administration (docs/accounts.md, "Admin actions"): the target, named by e-mail, must be one the admin manages.
  'Query.users': ADMINS_ONLY,
  'Query.aggregateUser': ADMINS_ONLY,
  'Query.auditLogs': ADMINS_ONLY,
  // The user himself (his own fields, not his role) or an admin within the management map (checked in the resolver).
  'Mutation.updateUser': {
    public: false,
    users: 'all',
    subject: { kind: 'user', argument: 'where.id', relations: ['self', 'admin'] },
    refusal: 'You can only edit your own profile.',
  },
  'Mutation.updateUserRole': ADMINS_ONLY,
  'Mutation.disableUser': ADMINS_ONLY,
  'Mutation.enableUser': ADMINS_ONLY,
  'Mutation.deleteUser': ADMINS_ONLY,
  // Video content (docs/videos.md): the admins' vault; the library is every signed-in user's to watch.
  'Query.videos': CONTENT_ADMIN,
  'Query.aggregateVideo': CONTENT_ADMIN,
  'Query.video': CONTENT_ADMIN,
  'Query.getVideoUploadUrl': CONTENT_ADMIN,
  'Query.videoInstructorsAndSeries': CONTENT_ADMIN,
  'Query.videoLibrary': { public: false, users: 'all', subject: { kind: 'none' } },
  'Mutation.createVideo': CONTENT_ADMIN,
  'Mutation.updateVideo': CONTENT_ADMIN,
  'Mutation.deleteVideo': CONTENT_ADMIN,
  'Mutation.enableVideo': CONTENT_ADMIN,
  'Mutation.disableVideo': CONTENT_ADMIN,
  'Mutation.uploadVideoThumbnail': CONTENT_ADMIN,
  'Mutation.createVideoQuestion': CONTENT_ADMIN,
  'Mutation.updateVideoQuestion': CONTENT_ADMIN,
  'Mutation.deleteVideoQuestion': CONTENT_ADMIN,
  'Mutation.createVideoInstructor': CONTENT_ADMIN,
  'Mutation.updateVideoInstructor': CONTENT_ADMIN,
  'Mutation.deleteVideoInstructor': CONTENT_ADMIN,
  'Mutation.createVideoSeries': CONTENT_ADMIN,
  'Mutation.updateVideoSeries': CONTENT_ADMIN,
  'Mutation.deleteVideoSeries': CONTENT_ADMIN,
  'Mutation.uploadVideoSeriesCoverImage': CONTENT_ADMIN,
} as const satisfies Record<string, FieldPolicy>;

export type PolicyField = keyof typeof POLICY;

export function isPolicyField(field: string): field is PolicyField {
  return Object.hasOwn(POLICY, field);
}

/** A row, or the field whose row it is. */
export type PolicyRef = FieldPolicy | PolicyField;

const rowOf = (policy: PolicyRef): FieldPolicy => (typeof policy === 'string' ? POLICY[policy] : policy);

/**
 * Who is calling: nobody signed in (the public token, or with `iam` the backend's own functions), or a signed-in user with
 * their Cognito groups.
 */
export type PolicyCaller = { signedIn: false; iam?: boolean } | { signedIn: true; groups: readonly string[] };

/**
 * Whether the caller may call the field at all, before any relation. Roles are Cognito groups and a user may hold
 * several: any one of them that the field admits is enough (a coach who also plays checks in as a gamer).
 */
export function mayCall(policy: PolicyRef, caller: PolicyCaller): boolean {
  const row = rowOf(policy);
  if (!caller.signedIn) return caller.iam ? row.iam === true : row.public;
  if (row.users === 'all' || row.users === 'none') return row.users === 'all';
  return row.users.some((role) => caller.groups.includes(role));
}

/** Shorthand for the web app, which only has signed-in users' groups. */
export const groupsMayCall = (policy: PolicyRef, groups: readonly string[]) => mayCall(policy, { signedIn: true, groups });

/** The relations a field accepts to its subject; null when it has none to check. */
export function requiredRelations(policy: PolicyRef): readonly Relation[] | null {
  const { subject } = rowOf(policy);
  return subject.kind === 'none' || subject.kind === 'caller' ? null : subject.relations;
}

export const refusalOf = (policy: PolicyRef): string => rowOf(policy).refusal ?? DEFAULT_REFUSAL;

/** The full answer: may the caller call the field on a subject they stand to in these relations? */
export function isAllowed(policy: PolicyRef, caller: PolicyCaller, relations: readonly Relation[]): boolean {
  if (!mayCall(policy, caller)) return false;
  const required = requiredRelations(policy);
  return required === null || relations.some((relation) => required.includes(relation));
}

/** Which roles a role may manage (the management map of docs/product.md, "Who uses it"). */
export const MANAGES: Record<Role, readonly Role[]> = {
  SELF: ['SELF'],
  GAMER: ['GAMER'],
  COACH: ['GAMER'],
  DIRECTOR: ['GAMER', 'COACH'],
  ADMIN: ['GAMER', 'COACH', 'DIRECTOR'],
  SUPERADMIN: ['GAMER', 'COACH', 'DIRECTOR', 'ADMIN'],
};

export function canManage(manager: Role, target: Role): boolean {
  return MANAGES[manager].includes(target);
}
