/**
 * The admin user list and the profile edit (docs/accounts.md, "Profile edits and admin actions"), shared by
 * the users Lambda and the web forms. Texts are the spec's, letter for letter.
 */
import { z } from 'zod';
import { ROLES } from '../roles';
import { timeZoneSchema } from '../dates/validation';
import { boundedId, boundedInt, boundedToken, emailAddress, safeText } from '../validation/fields';

const USER_EDIT_MESSAGES = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  invalidEmail: 'Invalid email',
} as const;

const USER_NAME_MIN_LENGTH = 2;
const USER_NAME_MAX_LENGTH = 20;

const nameField = safeText({
  required: USER_EDIT_MESSAGES.required,
  max: USER_NAME_MAX_LENGTH,
  tooLong: USER_EDIT_MESSAGES.tooLong,
  noMarkup: 'Names must not contain < or >.',
  noLinks: 'Names must not contain a web address, a domain or an e-mail address.',
}).min(USER_NAME_MIN_LENGTH, USER_EDIT_MESSAGES.tooShort);

const roleField = z.enum(ROLES, { error: USER_EDIT_MESSAGES.required });

/** The admin's side panel: full name required, username optional, both 2 to 20; role required; e-mail read-only. */
export const userEditFormSchema = z.object({
  fullName: nameField,
  username: z.union([z.literal(''), nameField]),
  role: roleField,
});
export type UserEditForm = z.infer<typeof userEditFormSchema>;

/** `updateUser(data, where)`: every field optional; `role` only for an admin within the management map. */
export const updateUserArgsSchema = z.object({
  where: z.object({ id: boundedId('where.id') }, { error: 'where.id is required.' }),
  data: z
    .object(
      {
        fullName: nameField.optional(),
        username: nameField.nullable().optional(),
        role: roleField.optional(),
        timeZone: timeZoneSchema.optional(),
        preferMetricUnits: z.boolean({ error: 'preferMetricUnits must be true or false.' }).optional(),
      },
      { error: 'data is required.' },
    )
    .refine((data) => Object.values(data).some((value) => value !== undefined), 'data must change at least one field.'),
});
export type UpdateUserData = z.infer<typeof updateUserArgsSchema>['data'];

const targetEmail = emailAddress({ required: 'email is required.', invalid: 'email must be an e-mail address.' });

export const userEmailArgsSchema = z.object({ email: targetEmail });
export const updateUserRoleArgsSchema = z.object({ email: targetEmail, role: roleField });

/** Bulk delete: at most one page's worth of e-mails at a time, each given once. */
const MAX_BULK_DELETE = 50;
export const deleteUsersArgsSchema = z.object({
  email: z
    .array(targetEmail, { error: 'email must be a list of e-mail addresses.' })
    .min(1, 'Give at least one e-mail.')
    .max(MAX_BULK_DELETE, `Delete at most ${MAX_BULK_DELETE} users at a time.`),
});

/** The filter menu's subscription choices (docs/accounts.md, "Profile edits and admin actions") and the profile reasons each stands for. */
export const USER_SUBSCRIPTION_FILTERS = {
  FG_FREE: ['FGFREE', 'FGFREE_BYTEAM'],
  FG_PRO: ['FGPRO', 'FGPRO_ADMIN'],
  FG_PRO_BYTEAM: ['FGPRO_BYTEAM'],
} as const;
export type UserSubscriptionFilter = keyof typeof USER_SUBSCRIPTION_FILTERS;
export const USER_SUBSCRIPTION_LABELS: Record<UserSubscriptionFilter, string> = { FG_FREE: 'Free', FG_PRO: 'Pro', FG_PRO_BYTEAM: 'Pro by team' };
/** The user list's role filter (docs/accounts.md, "Profile edits and admin actions"). */
export const USER_FILTER_ROLES = ['DIRECTOR', 'COACH', 'GAMER'] as const;

export const USER_PAGE_SIZE = 10;
const MAX_USER_PAGE_SIZE = 50;
const MAX_USER_SEARCH_LENGTH = 100;
/**
 * aggregateUser stops counting here and says there are more: a count reads every match, so an unbounded one would cost
 * in proportion to the user base for a common name or no search at all (docs/data-model.md, "User search").
 */
export const MAX_COUNTED_USERS = 1000;
/** Skip is bounded: a deep page costs reads in proportion to it (docs/data-model.md, "User search"). */
const MAX_USER_SKIP = 10_000;

const filterSchema = z
  .object({
    search: safeText({
      label: 'search',
      required: 'search must not be empty (leave it out to list everyone).',
      max: MAX_USER_SEARCH_LENGTH,
      tooLong: `search must be at most ${MAX_USER_SEARCH_LENGTH} characters.`,
      noMarkup: 'search must not contain < or >.',
    })
      .nullable()
      .optional(),
    roles: z
      .array(z.enum(USER_FILTER_ROLES, { error: 'roles must be DIRECTOR, COACH or GAMER.' }))
      .min(1, 'roles must name at least one role (leave it out for every role).')
      .max(USER_FILTER_ROLES.length, `roles takes at most ${USER_FILTER_ROLES.length} roles.`)
      .nullable()
      .optional(),
    subscriptions: z
      .array(
        z.enum(Object.keys(USER_SUBSCRIPTION_FILTERS) as [UserSubscriptionFilter, ...UserSubscriptionFilter[]], {
          error: 'subscriptions must be FG_FREE, FG_PRO or FG_PRO_BYTEAM.',
        }),
      )
      .min(1, 'subscriptions must name at least one (leave it out for every subscription).')
      .max(3, 'subscriptions takes at most 3 choices.')
      .nullable()
      .optional(),
    enabled: z.boolean({ error: 'enabled must be true or false.' }).nullable().optional(),
  })
  .refine(
    (where) => Object.values(where).some((value) => value !== undefined && value !== null),
    'where must filter by something (leave it out to list everyone).',
  )
  .nullable()
  .optional();
export type UsersFilter = NonNullable<z.infer<typeof filterSchema>>;

export const usersArgsSchema = z.object({
  where: filterSchema,
  take: boundedInt('take', 1, MAX_USER_PAGE_SIZE).nullable().optional(),
  skip: boundedInt('skip', 0, MAX_USER_SKIP).nullable().optional(),
});
export const aggregateUserArgsSchema = z.object({ where: filterSchema });

export const AUDIT_PAGE_SIZE = 10;
export const auditLogsArgsSchema = z.object({
  actorId: boundedId('actorId').nullable().optional(),
  targetId: boundedId('targetId').nullable().optional(),
  take: boundedInt('take', 1, 50).nullable().optional(),
  cursor: boundedToken('The paging cursor is not valid. Start again from the first page.', 2048).nullable().optional(),
});
