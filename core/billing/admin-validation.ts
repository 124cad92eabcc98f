/**
 * Arguments of the admin money calls (docs/billing.md, "Admin: payments, promotions, coupon reports"): the payments
 * filter and manual payments, promotions from a CSV file, coupon score reports. Shared by the billing Lambda and the
 * admin pages' forms.
 */
import { z } from 'zod';
import { GAMES } from '../teams';
import { isScoreDay } from '../dates';
import { couponCode } from './validation';
import { boundedInt, emailAddress, safeText } from '../validation/fields';

export const PAYMENT_STATUSES = ['active', 'canceled', 'expired'] as const;
export const PAYMENT_FREQUENCIES = ['monthly', 'yearly'] as const;
/** The payments page's role filter (docs/billing.md, the payments filter): All (none), Gamer, Director. */
const PAYMENT_ROLE_FILTERS = ['GAMER', 'DIRECTOR'] as const;
export const PAYMENTS_PAGE_SIZE = 10;
const MAX_PAYMENTS_TAKE = 50;
/** Skip past this many payments and the range is too wide to page through: narrow it instead. */
const MAX_PAYMENTS_SKIP = 5000;
/** The coupon-or-product text of the payments filter. */
const MAX_PAYMENT_SEARCH_LENGTH = 64;

const day = (name: string) => z.string({ error: `${name} must be a date (yyyy-MM-dd).` }).refine(isScoreDay, `${name} must be a date (yyyy-MM-dd).`);

/** The payments filter (docs/billing.md); the range's end day is included. */
export const paymentWhereSchema = z
  .object({
    status: z.enum(PAYMENT_STATUSES, { error: 'status must be active, canceled or expired.' }).nullish(),
    createdFrom: day('createdFrom').nullish(),
    createdTo: day('createdTo').nullish(),
    // Left out (null) when the box is empty: blank text is refused like in every other field.
    search: safeText({
      required: 'search must be text.',
      max: MAX_PAYMENT_SEARCH_LENGTH,
      tooLong: `search must be at most ${MAX_PAYMENT_SEARCH_LENGTH} characters.`,
      label: 'search',
    }).nullish(),
    email: emailAddress({ required: 'email must be an e-mail address.', invalid: 'email must be an e-mail address.' }).nullish(),
    role: z.enum(PAYMENT_ROLE_FILTERS, { error: 'role must be GAMER or DIRECTOR.' }).nullish(),
  })
  .refine((where) => !where.createdFrom || !where.createdTo || where.createdFrom <= where.createdTo, {
    message: 'createdFrom must not be after createdTo.',
    path: ['createdFrom'],
  });

export type PaymentWhere = z.infer<typeof paymentWhereSchema>;

export const paymentWhereArgsSchema = z.object({ where: paymentWhereSchema.nullish() });

export const findManyPaymentsArgsSchema = z.object({
  where: paymentWhereSchema.nullish(),
  take: boundedInt('take', 1, MAX_PAYMENTS_TAKE).nullish(),
  skip: boundedInt('skip', 0, MAX_PAYMENTS_SKIP).nullish(),
});

/** The Add Payment form (docs/billing.md, "The pages"): e-mail and payment frequency, both required. */
export const manualPaymentSchema = z.object({
  email: emailAddress({ required: 'Email is required.', invalid: 'Invalid email' }),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES, { error: 'Payment frequency is required.' }),
});
export const createPaymentArgsSchema = z.object({ data: manualPaymentSchema });

// ---- promotions ----

export const PROMOTION_PLATFORMS = ['Web', 'iOS', 'Android'] as const;
export const PROMOTION_NAME_MAX = 40;
const PROMOTION_NAME_TOO_LONG = 'promotionName should be less than 40 characters.';
/** The CSV travels base64-encoded inside the mutation (AppSync takes requests up to 1 MB): at most 256 KB of file. */
export const PROMOTION_FILE_MAX_BYTES = 256 * 1024;
export const PROMOTION_FILE_TOO_LARGE = 'The file is larger than 256 KB.';
export const PROMOTION_MAX_CODES = 5000;
export const PROMOTION_NOT_CSV = 'The file must have a .csv extension.';
/** A promotion code: what /coupon accepts (letters, digits, `-`, `_`), at least 3 characters. */
export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

export const promotionFormSchema = z.object({
  promotionName: safeText({
    required: 'promotionName is required.',
    max: PROMOTION_NAME_MAX,
    tooLong: PROMOTION_NAME_TOO_LONG,
    label: 'promotionName',
    noMarkup: 'promotionName must not contain < or >.',
  }),
  platform: z.enum(PROMOTION_PLATFORMS, { error: 'platform is required.' }),
});

const base64Limit = Math.ceil(PROMOTION_FILE_MAX_BYTES / 3) * 4;
export const addPromotionArgsSchema = promotionFormSchema.extend({
  file: z.object({
    name: z
      .string({ error: 'The file needs a name.' })
      .max(255, 'The file name must be at most 255 characters.')
      .regex(/\.csv$/i, PROMOTION_NOT_CSV),
    content: z
      .string({ error: 'The file content must be base64.' })
      .max(base64Limit, PROMOTION_FILE_TOO_LARGE)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file content must be base64.'),
  }),
});

// ---- coupon score reports ----

const reportWindow = {
  couponId: couponCode,
  startDate: day('startDate'),
  endDate: day('endDate'),
};
const windowInOrder = (args: { startDate: string; endDate: string }) => args.startDate <= args.endDate;

export const gamersFromCouponArgsSchema = z
  .object(reportWindow)
  .refine(windowInOrder, { message: 'startDate must not be after endDate.', path: ['startDate'] });
export const teamsFromCouponArgsSchema = z
  .object({ ...reportWindow, game: z.enum(GAMES, { error: `game must be one of: ${GAMES.join(', ')}.` }).nullish() })
  .refine(windowInOrder, { message: 'startDate must not be after endDate.', path: ['startDate'] });
