/** Coupons (docs/billing.md): Stripe promotion codes, checked on the pricing page and applied to an e-mail on /coupon. */
import type Stripe from 'stripe';
import { SUBSCRIPTION_REASONS } from '@core/billing/subscription-reasons';
import { applyCouponArgsSchema, checkCouponArgsSchema, INVALID_COUPON } from '@core/validation/billing';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import type { PaymentRecord } from '../lib/stores/billing-store';
import type { PromotionCodeRecord } from '../lib/stores/promotion-store';
import { TransactionRefused } from '../lib/stores/transactions';
import { parseInput } from '../lib/validation';
import type { BillingDeps } from './deps';

/** The Pro reason a coupon gives (spec 000 section 3: {product}PRO). */
export const COUPON_SUBSCRIPTION_REASON = SUBSCRIPTION_REASONS.pro;
const COUPON_PRODUCT_NAME = 'FitGauge Pro';

export interface RedeemableCoupon {
  promotionCode: Stripe.PromotionCode;
  coupon: Stripe.Coupon;
}

/** The active promotion code of this text whose coupon can still be redeemed (Stripe matches codes case-insensitively). */
export async function redeemableCoupon(stripe: Stripe, code: string): Promise<RedeemableCoupon | null> {
  const [promotionCode] = (await stripe.promotionCodes.list({ code, active: true, limit: 1 })).data;
  if (!promotionCode) return null;
  const exhausted = promotionCode.max_redemptions !== null && promotionCode.times_redeemed >= promotionCode.max_redemptions;
  const expired = promotionCode.expires_at !== null && promotionCode.expires_at * 1000 < Date.now();
  const ref = promotionCode.promotion.coupon;
  if (!ref || exhausted || expired) return null;
  const coupon = typeof ref === 'string' ? await stripe.coupons.retrieve(ref) : ref;
  return coupon.valid ? { promotionCode, coupon } : null;
}

/** A coupon code's promotion, or the error the pricing page shows as `Invalid coupon`. */
export async function requireCoupon(stripe: Stripe, code: string): Promise<RedeemableCoupon> {
  const found = await redeemableCoupon(stripe, code);
  if (!found) throw new ValidationError(INVALID_COUPON);
  return found;
}

export async function checkCoupon(args: unknown, deps: BillingDeps) {
  const { couponId } = parseInput(checkCouponArgsSchema, args);
  const found = await redeemableCoupon(await deps.stripe(), couponId);
  if (!found) return { id: couponId, object: 'coupon', created: null, duration: null, livemode: false, name: null, percent_off: null, times_redeemed: null, valid: false };
  const { coupon } = found;
  return {
    id: coupon.id,
    object: coupon.object,
    created: coupon.created,
    duration: coupon.duration,
    livemode: coupon.livemode,
    name: coupon.name,
    percent_off: coupon.percent_off,
    times_redeemed: coupon.times_redeemed,
    valid: coupon.valid,
  };
}

/** The Payment a coupon applied to an account is recorded as (one per account and coupon). */
export function couponPayment(userId: string, code: string, at: string): PaymentRecord {
  return {
    id: `coupon-${code}`,
    userId,
    subscriptionConfigId: null,
    productName: COUPON_PRODUCT_NAME,
    productPrice: 0,
    productId: null,
    paymentFrequency: null,
    subscriptionId: null,
    status: 'active',
    method: 'coupon',
    endTrialAt: null,
    endSubscriptionAt: null,
    coupon: code,
    teamId: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * A one-time code of an admin's promotion (promotions.ts), redeemed in one transaction with its coupon Payment and the
 * Pro reason: of parallel redemptions of one code exactly one succeeds.
 */
async function redeemPromotionCode(code: PromotionCodeRecord, userId: string, at: string, deps: BillingDeps): Promise<boolean> {
  try {
    await deps.promotions.redeem(code, couponPayment(userId, code.code, at), COUPON_SUBSCRIPTION_REASON);
    return true;
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    if (error.label === 'profile') throw new NotFoundError('User not found. Please sign up');
    if (error.label === 'payment') throw new ConflictError('This coupon was already applied to this account.');
    throw new ValidationError(INVALID_COUPON);
  }
}

/**
 * The account of the e-mail gets the Pro reason and a coupon Payment, once per account and coupon. The code is a
 * Stripe promotion code, or else one of an admin's promotions (used once in all).
 */
export async function applyCouponToEmail(args: unknown, deps: BillingDeps): Promise<boolean> {
  const { email, couponId } = parseInput(applyCouponArgsSchema, args);
  const stripeCoupon = await redeemableCoupon(await deps.stripe(), couponId);
  const oneTimeCode = stripeCoupon ? null : await deps.promotions.code(couponId);
  if (!stripeCoupon && (!oneTimeCode || oneTimeCode.redeemedBy)) throw new ValidationError(INVALID_COUPON);
  const user = await deps.users.findByEmail(email);
  if (!user) throw new NotFoundError('User not found. Please sign up');
  const at = deps.now().toISOString();
  if (oneTimeCode) return redeemPromotionCode(oneTimeCode, user.id, at, deps);
  const code = stripeCoupon!.promotionCode.code.toUpperCase();
  // The reason first: it is the same on a second try, and the payment below says the coupon is spent.
  if (!(await deps.billing.setSubscriptionReason(user.id, COUPON_SUBSCRIPTION_REASON, at))) throw new NotFoundError('User not found. Please sign up');
  const added = await deps.billing.addPayment(couponPayment(user.id, code, at));
  if (!added) throw new ConflictError('This coupon was already applied to this account.');
  return true;
}
