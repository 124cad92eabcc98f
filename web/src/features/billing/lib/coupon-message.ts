import { INVALID_COUPON } from '@core/billing/validation';

/** `You got {percent}% off!` for a valid coupon, otherwise `Invalid coupon` (docs/billing.md, "The web app"). */
export function couponMessage(coupon: { valid: boolean; percent_off: number | null }): string {
  return coupon.valid && coupon.percent_off !== null ? `You got ${coupon.percent_off}% off!` : INVALID_COUPON;
}
