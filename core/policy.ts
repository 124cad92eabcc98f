import type { Role } from './roles';

/**
 * What a policy row means (docs/architecture.md, "Authorization"): who may call a root field and on which relation to
 * the user or team it touches. Each field's row is declared beside its resolver (lambdas/<domain>/fields.ts) and the
 * policy map is gathered from those declarations (lambdas/api-fields.ts); the rows many fields share are here, and the
 * web app asks the same rows what to show. tests/integration/authorization-matrix.test.ts checks the running API
 * against the map for every field and caller.
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

const DEFAULT_REFUSAL = 'You are not authorized to make this call.';

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
/**
 * The caller's own unread comments in a team whose journal he reads (`journalUnreadDays`, `readJournalDay`): the
 * relations of JOURNAL_READ; the counts read and cleared are always the caller's.
 */
export const OWN_JOURNAL: FieldPolicy = {
  public: false,
  users: 'all',
  subject: { kind: 'team', argument: 'teamId', relations: JOURNAL_READ.relations },
  refusal: JOURNAL_READ.refusal,
};
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

/**
 * Who is calling: nobody signed in (the public token, or with `iam` the backend's own functions), or a signed-in user with
 * their Cognito groups.
 */
export type PolicyCaller = { signedIn: false; iam?: boolean } | { signedIn: true; groups: readonly string[] };

/**
 * Whether the caller may call the field at all, before any relation. Roles are Cognito groups and a user may hold
 * several: any one of them that the field admits is enough (a coach who also plays checks in as a gamer).
 */
export function mayCall(row: FieldPolicy, caller: PolicyCaller): boolean {
  if (!caller.signedIn) return caller.iam ? row.iam === true : row.public;
  if (row.users === 'all' || row.users === 'none') return row.users === 'all';
  return row.users.some((role) => caller.groups.includes(role));
}

/** Shorthand for the web app, which only has signed-in users' groups. */
export const groupsMayCall = (row: FieldPolicy, groups: readonly string[]) => mayCall(row, { signedIn: true, groups });

/** The relations a field accepts to its subject; null when it has none to check. */
export function requiredRelations({ subject }: FieldPolicy): readonly Relation[] | null {
  return subject.kind === 'none' || subject.kind === 'caller' ? null : subject.relations;
}

export const refusalOf = (row: FieldPolicy): string => row.refusal ?? DEFAULT_REFUSAL;

/** The full answer: may the caller call the field on a subject they stand to in these relations? */
export function isAllowed(row: FieldPolicy, caller: PolicyCaller, relations: readonly Relation[]): boolean {
  if (!mayCall(row, caller)) return false;
  const required = requiredRelations(row);
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
