/** Arguments of the billing calls (docs/billing.md), validated by the billing Lambda; the coupon field is shared with the web forms. */
import { z } from 'zod';
import { EXTRA_GAMER_SEAT_PRODUCT_ID, subscriptionConfigs } from './plans';
import { boundedId, emailAddress } from '../validation/fields';

export const INVALID_COUPON = 'Invalid coupon';
/** The /coupon page's answer (docs/billing.md, "The web app"), the same whether or not the e-mail has an account. */
export const COUPON_APPLIED = 'Coupon applied successfully!';
/** Its neutral second line: the coupon waits for the mailbox to confirm it (docs/billing.md, "Who may redeem a coupon"). */
export const COUPON_CONFIRM_BY_MAIL = 'If this e-mail has an account, we sent it a link to confirm the coupon.';
export const COUPON_LINK_INVALID = 'This coupon link is invalid or has expired.';
export const TOO_MANY_COUPON_TRIES = 'Too many coupon attempts. Please wait a few minutes and try again.';
/** How long the link mailed for a coupon applied to an e-mail works. */
export const COUPON_CLAIM_TTL_SECONDS = 24 * 60 * 60;
export const MAX_COUPON_LENGTH = 64;
/** Extra gamer seats bought at once. */
const MAX_SEATS_PER_PURCHASE = 100;

/** A coupon as typed: trimmed (docs/billing.md, `checkCoupon`), letters, digits, `-` and `_`. */
export const couponCode = z
  .string({ error: INVALID_COUPON })
  .trim()
  .min(1, { message: INVALID_COUPON, abort: true })
  .max(MAX_COUPON_LENGTH, { message: INVALID_COUPON, abort: true })
  .regex(/^[A-Za-z0-9_-]+$/, INVALID_COUPON);

const DASHBOARD_IDS: readonly string[] = subscriptionConfigs.map((config) => config.id);
/** What can be bought: a subscription config (the team dashboard monthly or yearly) or extra gamer seats. */
const PRODUCT_IDS: readonly string[] = [...DASHBOARD_IDS, EXTRA_GAMER_SEAT_PRODUCT_ID];
const oneOf = (ids: readonly string[]) => {
  const message = `Choose one of ${ids.join(', ')}.`;
  return z.string({ error: message }).refine((id) => ids.includes(id), message);
};
const productId = oneOf(PRODUCT_IDS);
const dashboardId = oneOf(DASHBOARD_IDS);

export const checkCouponArgsSchema = z.object({ couponId: couponCode, product: productId.nullish() });

export const applyCouponArgsSchema = z.object({
  email: emailAddress({ required: 'Please enter an email address.', invalid: 'Invalid email' }),
  couponId: couponCode,
});

/** The token of a coupon link (32 random bytes, base64url). */
export const confirmCouponArgsSchema = z.object({
  token: z
    .string({ error: COUPON_LINK_INVALID })
    .trim()
    .max(100, { message: COUPON_LINK_INVALID, abort: true })
    .regex(/^[A-Za-z0-9_-]{20,}$/, COUPON_LINK_INVALID),
});

export const upgradeSubscriptionArgsSchema = z
  .object({
    where: z.object({ id: productId }),
    couponId: couponCode.nullish(),
    teamId: boundedId('teamId').nullish(),
    quantity: z
      .number({ error: 'quantity must be a whole number.' })
      .int('quantity must be a whole number.')
      .min(1, 'quantity must be at least 1.')
      .max(MAX_SEATS_PER_PURCHASE, `quantity must be at most ${MAX_SEATS_PER_PURCHASE}.`)
      .nullish(),
    alternatePayment: z.boolean().nullish(),
  })
  .refine((args) => args.where.id !== EXTRA_GAMER_SEAT_PRODUCT_ID || Boolean(args.teamId), {
    message: 'Extra gamer seats are bought for a team: give its teamId.',
    path: ['teamId'],
  });

export const startTrialArgsSchema = z.object({ where: z.object({ id: dashboardId }) });

export const cancelSubscriptionArgsSchema = z.object({ where: z.object({ id: boundedId('id') }) });
