/**
 * Team rules shared by the teams Lambda and the web forms (docs/teams.md): the game list, the team
 * form, the plan's seats, who may invite whom, and how a team's member list is filtered, ordered and paged.
 */
import { z } from 'zod';
import { canManage, type Relation } from '../policy';
import type { Role } from '../roles';
import { boundedId, boundedInt, boundedUrl, emailAddress, safeText } from '../validation/fields';

export const GAMES = [
  'Apex Legends',
  'Arena of Valor',
  'Dota 2',
  'CS:GO',
  'EAFC24',
  'Fortnite',
  'iRacing',
  'League of Legends',
  'Le Mans Ultimate',
  'MLBB',
  'Overwatch',
  'PUBG Mobile',
  'Rainbow Six: Siege',
  'rFactor 2',
  'Rocket League',
  'Super Smash Bros.',
  'Team Fight Tactics',
  'Valorant',
  'Other',
] as const;

/** What a team-dashboard plan includes (docs/product.md, "Rules that shape every screen"); extra gamer seats are bought one by one. */
export const TEAM_PLAN = { gamerSeats: 5, coachSeats: 1, directorSeats: 1 } as const;

/** Invite mails a sender (director, coach or admin) may send per UTC day, across all his teams (docs/teams.md). */
export const INVITES_PER_SENDER_PER_DAY = 50;
/** Invite mails an e-mail address gets per UTC day, from every sender together (docs/teams.md). */
export const INVITES_PER_ADDRESS_PER_DAY = 3;

export const TEAM_MESSAGES = {
  nameRequired: 'A Name is required.',
  nameLength: 'Name must be 2 to 20 characters.',
  descriptionRequired: 'A Description is required.',
  descriptionTooShort: 'Description must be at least 2 characters.',
  descriptionTooLong: 'Description should be less than 1000 characters.',
  gameInvalid: `Game must be one of: ${GAMES.join(', ')}.`,
  nothingToChange: 'Nothing to change: give a name, description, game or avatar.',
  avatarInvalid: 'The avatar must be an http(s) address of at most 2048 characters.',
  avatarNotUploaded:
    'A team avatar must be an image uploaded with the team form (Drop your Team Avatar Here); addresses of other sites are not taken.',
  noUnusedPurchase: 'You need an unused team dashboard purchase to create a team. Purchase a Team Dashboard on the pricing page.',
  deleteNeedsTwoTeams: 'You can only delete a team dashboard while you own 2 or more.',
  deleteRaced: 'Members joined or left this team while it was being deleted. Please try again.',
  inviteeNameRequired: 'A Name is required.',
  inviteeNameTooLong: 'Name must be at most 100 characters.',
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  inviteRole: 'Invites are for a GAMER or a COACH.',
  alreadyMember: 'This person is already a member of this team.',
  alreadyInvited: 'This e-mail already has a pending invite to this team.',
  inviteAnswered: 'This invite has already been answered.',
  inviteNotFound: 'Invite not found.',
  codeNotFound: 'This team code is not valid.',
  codeUsed: 'This team code has already been used.',
  codeForAnotherEmail: 'This invite code was sent to another e-mail address.',
  invitesPerSenderPerDay: `You can send at most ${INVITES_PER_SENDER_PER_DAY} invites a day. Please try again tomorrow.`,
  invitesPerAddressPerDay: `This e-mail address was sent ${INVITES_PER_ADDRESS_PER_DAY} invites today, the most it gets in a day. Please try again tomorrow.`,
  codeUnavailable: 'No free team code could be made for this invite. Please send it again.',
  coachInviteNeedsCoach: 'This invite is for a coach: sign in with a coach account to accept it.',
  notAMember: 'You are not a member of this team.',
  memberNotFound: 'This user is not a member of this team.',
  youAlreadyJoined: 'You are already a member of this team.',
  seatNotFound: 'Seat not found.',
  seatInUse: 'This seat is in use: remove a gamer before removing the seat.',
  notYourRoleToManage: 'A coach can only invite or remove gamers.',
  teamNotFound: 'Team not found.',
  userNotFound: 'User not found.',
  purchaseTaken: 'This team dashboard purchase was just used for another team. Please try again.',
} as const;

/** Refusal when a role's seats are all taken; it leads the director to add seats. */
export function seatsFullMessage(role: 'GAMER' | 'COACH', seats: number): string {
  return role === 'GAMER'
    ? `All ${seats} gamer seats of this team are taken. The director can add gamer seats on the pricing page.`
    : `This team already has its ${seats === 1 ? 'coach' : `${seats} coaches`}: the plan includes ${seats} coach seat${seats === 1 ? '' : 's'}.`;
}

export const seatsUsedLabel = (used: number, seats: number) => `${used} of ${seats} gamer seats used`;

/** The arguments of every call about one team. */
export const teamIdArgsSchema = z.object({ teamId: boundedId('teamId') });

const noMarkup = (label: string) => `${label} must not contain < or >.`;
/** Names shown in e-mails (team name, invitee name) carry no link (looksLikeLink). */
const noLinks = (label: string) => `${label} must not contain a web address, a domain or an e-mail address.`;

const teamNameField = safeText({
  label: 'Name',
  required: TEAM_MESSAGES.nameRequired,
  max: 20,
  tooLong: TEAM_MESSAGES.nameLength,
  noMarkup: noMarkup('Name'),
  noLinks: noLinks('Name'),
}).min(2, { message: TEAM_MESSAGES.nameLength, abort: true });
const teamDescriptionField = safeText({
  label: 'Description',
  required: TEAM_MESSAGES.descriptionRequired,
  max: 1000,
  tooLong: TEAM_MESSAGES.descriptionTooLong,
  multiline: true,
  noMarkup: noMarkup('Description'),
}).min(2, { message: TEAM_MESSAGES.descriptionTooShort, abort: true });
/** Game and avatar are optional and default to empty strings (docs/teams.md, "The team form"). */
const gameField = z.union([z.literal(''), z.enum(GAMES)], { error: TEAM_MESSAGES.gameInvalid });
/** Where an uploaded team avatar lives under the uploads' public address (core/avatars' team keys). */
const TEAM_AVATAR_PATH = /\/avatars\/teams\/[A-Za-z0-9_.:-]{1,128}\/[A-Za-z0-9_.:-]{1,128}\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;
/**
 * The avatar's address: empty for none, or an uploaded team avatar's address. Only confirmAvatarUpload sets a new one
 * (after checking the stored image); createTeam takes '' and updateTeam '' or the team's current avatar
 * (docs/teams.md).
 */
const avatarField = z.union(
  [
    z.literal(''),
    boundedUrl(TEAM_MESSAGES.avatarInvalid).refine(
      (url) => !URL.canParse(url) || TEAM_AVATAR_PATH.test(new URL(url).pathname),
      TEAM_MESSAGES.avatarNotUploaded,
    ),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union' && JSON.stringify(issue.errors).includes(TEAM_MESSAGES.avatarNotUploaded)
        ? TEAM_MESSAGES.avatarNotUploaded
        : TEAM_MESSAGES.avatarInvalid,
  },
);

/** The team form: createTeam's data, and the web app's creation form. */
export const teamFormSchema = z.object({
  name: teamNameField,
  description: teamDescriptionField,
  game: gameField.default(''),
  avatar: avatarField.default(''),
});
export type TeamForm = z.infer<typeof teamFormSchema>;

/** updateTeam's data: any of the form's fields (at least one), each checked as in the form. */
export const teamUpdateSchema = z
  .object({
    name: teamNameField.optional(),
    description: teamDescriptionField.optional(),
    game: gameField.optional(),
    avatar: avatarField.optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), TEAM_MESSAGES.nothingToChange);

const inviteeEmailField = emailAddress({ required: TEAM_MESSAGES.emailRequired, invalid: TEAM_MESSAGES.emailInvalid });

export const INVITE_ROLES = ['GAMER', 'COACH'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/** The invite dialog: sendInvite's arguments but the team. */
export const inviteFormSchema = z.object({
  inviteeName: safeText({
    label: 'Name',
    required: TEAM_MESSAGES.inviteeNameRequired,
    max: 100,
    tooLong: TEAM_MESSAGES.inviteeNameTooLong,
    noMarkup: noMarkup('Name'),
    noLinks: noLinks('Name'),
  }),
  inviteeEmail: inviteeEmailField,
  role: z.enum(INVITE_ROLES, { error: TEAM_MESSAGES.inviteRole }),
});

/** Team codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const TEAM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TEAM_CODE_LENGTH = 8;
export const teamCodeField = z
  .string({ error: TEAM_MESSAGES.codeNotFound })
  .trim()
  .max(64, { message: TEAM_MESSAGES.codeNotFound, abort: true })
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[${TEAM_CODE_ALPHABET}]{${TEAM_CODE_LENGTH}}$`), TEAM_MESSAGES.codeNotFound));

/** The role a relation to a team acts in, for the management map. */
const ACTS_AS: Partial<Record<Relation, Role>> = { owner: 'DIRECTOR', coach: 'COACH', admin: 'ADMIN' };

/**
 * The relations to a team in which a caller may invite or remove a member of this role (the management map of
 * docs/product.md, "Who uses it"): a coach manages gamers, the director gamers and coaches, admins both.
 */
export function relationsManaging(role: InviteRole): Relation[] {
  return (Object.keys(ACTS_AS) as Relation[]).filter((relation) => canManage(ACTS_AS[relation]!, role));
}

/** Whether a caller standing to a team in these relations may invite or remove a member of this role. */
export function mayManageMember(relations: readonly Relation[], role: InviteRole): boolean {
  const managing = relationsManaging(role);
  return relations.some((relation) => managing.includes(relation));
}

// ---- a team's member list ----

export const MEMBER_ORDER_FIELDS = ['fullName', 'email', 'role', 'joinedAt'] as const;
export type MemberOrderField = (typeof MEMBER_ORDER_FIELDS)[number];
const MAX_MEMBERS_PAGE = 50;

export const memberListSchema = z.object({
  search: safeText({
    label: 'search',
    required: 'search must not be empty (leave it out to list everyone).',
    max: 100,
    tooLong: 'search must be at most 100 characters.',
    noMarkup: noMarkup('search'),
  })
    .optional()
    .nullable(),
  orderBy: z
    .enum(MEMBER_ORDER_FIELDS, { error: `orderBy must be one of ${MEMBER_ORDER_FIELDS.join(', ')}.` })
    .optional()
    .nullable(),
  direction: z.enum(['asc', 'desc'], { error: 'direction must be asc or desc.' }).optional().nullable(),
  take: boundedInt('take', 1, MAX_MEMBERS_PAGE).optional().nullable(),
  skip: boundedInt('skip', 0, 100_000).optional().nullable(),
});
export type MemberListQuery = z.infer<typeof memberListSchema>;

export interface ListedMember {
  userId: string;
  role: InviteRole;
  joinedAt: string;
  fullName: string | null;
  email: string;
}

/**
 * Filters (name or e-mail containing the search text, any case), orders (by full name unless told, ties by e-mail)
 * and pages (skip, then take; 10 by default, the tables' default page size) a team's members.
 */
export function listMembers<T extends ListedMember>(members: readonly T[], query: MemberListQuery): { items: T[]; total: number } {
  const search = query.search?.toLowerCase() ?? '';
  const matching = members.filter(
    (member) => search === '' || (member.fullName ?? '').toLowerCase().includes(search) || member.email.toLowerCase().includes(search),
  );
  const field = query.orderBy ?? 'fullName';
  const sign = query.direction === 'desc' ? -1 : 1;
  const text = (member: T) => (field === 'fullName' ? (member.fullName ?? '') : member[field]).toLowerCase();
  const sorted = [...matching].sort((a, b) => sign * (text(a).localeCompare(text(b)) || a.email.localeCompare(b.email)));
  const skip = query.skip ?? 0;
  return { items: sorted.slice(skip, skip + (query.take ?? 10)), total: matching.length };
}
