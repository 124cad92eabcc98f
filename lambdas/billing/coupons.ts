/** Coupons (docs/billing.md): Stripe promotion codes, checked on the pricing page and applied to an e-mail on /coupon. */
import { createHash, randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { SUBSCRIPTION_REASONS } from '@core/billing/subscription-reasons';
import {
  type applyCouponArgsSchema,
  COUPON_CLAIM_TTL_SECONDS,
  COUPON_LINK_INVALID,
  INVALID_COUPON,
  TOO_MANY_COUPON_TRIES,
} from '@core/billing/validation';
import type { z } from 'zod';
import type { Caller } from '../lib/appsync';
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../lib/errors';
import type { PaymentRecord } from '../lib/stores/billing-store';
import type { PromotionCodeRecord } from './promotion-store';
import { TransactionRefused } from '../lib/stores/transactions';
import type { UserRecord } from '../lib/stores/user-store';
import type { BillingDeps } from './deps';

/** The Pro reason a coupon gives (FGPRO: docs/billing.md, "Subscription reasons"). */
export const COUPON_SUBSCRIPTION_REASON = SUBSCRIPTION_REASONS.pro;
const COUPON_PRODUCT_NAME = 'FitGauge Pro';

interface RedeemableCoupon {
  promotionCode: Stripe.PromotionCode;
  coupon: Stripe.Coupon;
}

/** The active promotion code of this text whose coupon can still be redeemed (Stripe matches codes case-insensitively). */
async function redeemableCoupon(stripe: Stripe, code: string): Promise<RedeemableCoupon | null> {
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

/**
 * Fixed-window limits of the coupon calls (docs/billing.md, "Limits"): per signed-in caller, and per network address
 * (a signed-out caller is known only by his address, so the address's allowance is his).
 */
export const COUPON_LIMITS = {
  check: { perCaller: { limit: 20, windowSeconds: 15 * 60 }, perAddress: { limit: 100, windowSeconds: 15 * 60 } },
  apply: { perCaller: { limit: 10, windowSeconds: 60 * 60 }, perAddress: { limit: 50, windowSeconds: 60 * 60 } },
  /** Coupon links mailed to one address an hour, whoever asks (counted as a hash, for unknown addresses too). */
  mailsPerEmail: { limit: 3, windowSeconds: 60 * 60 },
} as const;
/** applyCouponToEmail never answers sooner, so the mail sent to a known e-mail does not show in the timing. */
const APPLY_COUPON_MIN_MS = 400;

/** Who calls: the signed-in caller (null signed out) and the network address (lambdas/lib/caller-address.ts). */
export interface CouponCaller {
  caller: Caller | null;
  address: string;
}

/**
 * Counts one use by the signed-in caller, then by the address (one conditional ADD each, so parallel calls cannot
 * pass a limit; the caller first, so a refused caller does not use up his address's allowance). Over either, the call
 * is refused before it looks at any coupon or account.
 */
async function throttle(action: 'check' | 'apply', who: CouponCaller, deps: BillingDeps): Promise<void> {
  const { perCaller, perAddress } = COUPON_LIMITS[action];
  const now = deps.now();
  const allowed =
    (!who.caller || (await deps.rateLimits.take(`coupon-${action}#user#${who.caller.sub}`, perCaller.limit, perCaller.windowSeconds, now))) &&
    (await deps.rateLimits.take(`coupon-${action}#ip#${who.address}`, perAddress.limit, perAddress.windowSeconds, now));
  if (!allowed) throw new TooManyRequestsError(TOO_MANY_COUPON_TRIES);
}

export async function checkCoupon(couponId: string, who: CouponCaller, deps: BillingDeps) {
  await throttle('check', who, deps);
  const found = await redeemableCoupon(await deps.stripe(), couponId);
  if (!found)
    return {
      id: couponId,
      object: 'coupon',
      created: null,
      duration: null,
      livemode: false,
      name: null,
      percent_off: null,
      times_redeemed: null,
      valid: false,
    };
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

/**
 * The id of the Payment a coupon applied to an account is recorded as: one per account and coupon (a second redemption
 * finds it taken), and unique across accounts, as the admin's payments list needs (docs/billing.md, "Coupons").
 */
export const couponPaymentId = (userId: string, code: string) => `coupon-${code}-${userId}`;

/** The Payment a coupon applied to an account is recorded as (one per account and coupon). */
export function couponPayment(userId: string, code: string, at: string): PaymentRecord {
  return {
    id: couponPaymentId(userId, code),
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

/** What a coupon code is: a Stripe promotion code, else an admin's one-time code not yet redeemed; null when neither. */
async function couponOf(
  couponId: string,
  deps: BillingDeps,
): Promise<{ stripe: RedeemableCoupon | null; oneTime: PromotionCodeRecord | null } | null> {
  const stripe = await redeemableCoupon(await deps.stripe(), couponId);
  const oneTime = stripe ? null : await deps.promotions.code(couponId);
  if (!stripe && (!oneTime || oneTime.redeemedBy)) return null;
  return { stripe, oneTime };
}

/** The account gets the Pro reason and a coupon Payment, once per account and coupon (a one-time code once in all). */
async function redeem(userId: string, coupon: NonNullable<Awaited<ReturnType<typeof couponOf>>>, deps: BillingDeps): Promise<boolean> {
  const at = deps.now().toISOString();
  if (coupon.oneTime) return redeemPromotionCode(coupon.oneTime, userId, at, deps);
  const code = coupon.stripe!.promotionCode.code.toUpperCase();
  // The reason first: it is the same on a second try, and the payment below says the coupon is spent.
  if (!(await deps.billing.setSubscriptionReason(userId, COUPON_SUBSCRIPTION_REASON, at))) throw new NotFoundError('User not found. Please sign up');
  const added = await deps.billing.addPayment(couponPayment(userId, code, at));
  if (!added) throw new ConflictError('This coupon was already applied to this account.');
  return true;
}

/**
 * A coupon for the account of an e-mail (the /coupon page; docs/billing.md "Who may redeem a coupon"). Applied at once
 * only for the signed-in owner of that e-mail once he proved his mailbox; otherwise the account (if there is one) is
 * mailed a one-time link and nothing changes until it is opened (confirmCoupon). Known and unknown e-mails get the same
 * answer (true, or `Invalid coupon` for a code that is not valid) after the same minimum time.
 */
export async function applyCouponToEmail(
  { email, couponId }: z.infer<typeof applyCouponArgsSchema>,
  who: CouponCaller,
  deps: BillingDeps,
): Promise<boolean> {
  await throttle('apply', who, deps);
  const coupon = await couponOf(couponId, deps);
  if (!coupon) throw new ValidationError(INVALID_COUPON);
  const user = await deps.users.findByEmail(email);
  if (user && who.caller && user.id === who.caller.sub && user.emailVerified) return redeem(user.id, coupon, deps);
  await Promise.all([deps.sleep(APPLY_COUPON_MIN_MS), mailCouponLink(email, couponId, user, deps)]);
  return true;
}

/**
 * Records a claim and mails its link to the account's address, within the address's hourly allowance. Only an account
 * that proved the mailbox is credited: an unproven one may sit on someone else's address, whose owner would credit it
 * by opening the link (docs/billing.md, "Coupons applied to an e-mail"). The mail and the link name the account.
 */
async function mailCouponLink(email: string, couponId: string, user: UserRecord | null, deps: BillingDeps): Promise<void> {
  const now = deps.now();
  const { limit, windowSeconds } = COUPON_LIMITS.mailsPerEmail;
  // Counted for unknown addresses too (the same work either way); kept only as a hash.
  const emailHash = createHash('sha256').update(email).digest('base64url');
  if (!(await deps.rateLimits.take(`coupon-mail#${emailHash}`, limit, windowSeconds, now))) return;
  if (!user || user.enabled === false || !user.emailVerified) return;
  const token = randomBytes(32).toString('base64url');
  const account = user.email.toLowerCase();
  await deps.couponClaims.put({
    tokenHash: createHash('sha256').update(token).digest('base64url'),
    userId: user.id,
    email: account,
    couponId,
    expiresAt: Math.floor(now.getTime() / 1000) + COUPON_CLAIM_TTL_SECONDS,
    createdAt: now.toISOString(),
  });
  const link = `${deps.appUrl().replace(/\/$/, '')}/coupon/confirm?${new URLSearchParams({ token, account })}`;
  await deps.sendMail({
    to: user.email,
    subject: 'Confirm your FitGauge coupon',
    text: `Someone applied the coupon ${couponId.toUpperCase()} to the FitGauge account ${account}, made on ${user.createdAt.slice(0, 10)}, whose e-mail address you confirmed. To credit that account, open this link within 24 hours: ${link}\n\nIf you did not ask for it, ignore this e-mail: nothing changes.`,
  });
}

/**
 * Opening the mailed link: the waiting coupon is applied to its account (the token is used once, whoever opens it),
 * only while that account still has the mailed address, proven.
 */
export async function confirmCoupon(token: string, deps: BillingDeps): Promise<boolean> {
  const claim = await deps.couponClaims.take(createHash('sha256').update(token).digest('base64url'), deps.now());
  if (!claim) throw new ValidationError(COUPON_LINK_INVALID);
  const account = await deps.users.get(claim.userId);
  if (!account?.emailVerified || account.email.toLowerCase() !== claim.email) throw new ValidationError(COUPON_LINK_INVALID);
  const coupon = await couponOf(claim.couponId, deps);
  if (!coupon) throw new ValidationError(INVALID_COUPON);
  return redeem(claim.userId, coupon, deps);
}
