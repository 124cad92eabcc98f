/**
 * What the admin payments page shows of payments (docs/billing.md, the payments filter): the end date a record without
 * one gets, and the statistics of a filtered set. Pure: the billing Lambda applies it to the payments it read.
 */
import { EXTRA_GAMER_SEAT, TEAM_PLAN } from './plans';

const PAYMENT_METHODS = ['ios-appstore', 'android-playstore', 'manual', 'card', 'coupon', 'unknown'] as const;
type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

export const methodOf = (stored: string | null | undefined): PaymentMethodName =>
  (PAYMENT_METHODS as readonly string[]).includes(stored ?? '') ? (stored as PaymentMethodName) : 'unknown';

/** The stored end, or the start plus 1 month (monthly) or 1 year (yearly); null without either. */
export function paymentEnd(createdAt: string, paymentFrequency: string | null, endSubscriptionAt: string | null): string | null {
  if (endSubscriptionAt) return endSubscriptionAt;
  if (paymentFrequency !== 'monthly' && paymentFrequency !== 'yearly') return null;
  const end = new Date(createdAt);
  if (paymentFrequency === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end.toISOString();
}

interface StatsInput {
  coupon: string | null;
  method: string | null;
  productName: string;
}

/**
 * Counts per coupon and per method (most first, then by name); `teamInvites` counts the extra gamer seats bought (seats
 * are what team invites use), `newSubscriptions` the team-dashboard subscriptions.
 */
export function paymentStats(payments: readonly StatsInput[]) {
  const countBy = (key: (payment: StatsInput) => string | null) => {
    const counts = new Map<string, number>();
    for (const payment of payments) {
      const value = key(payment);
      if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return [...counts].sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b));
  };
  return {
    coupons: countBy((payment) => payment.coupon).map(([coupon, count]) => ({ coupon, count })),
    paymentMethods: countBy((payment) => methodOf(payment.method)).map(([method, count]) => ({ method, count })),
    extra: {
      teamInvites: payments.filter((payment) => payment.productName === EXTRA_GAMER_SEAT.productName).length,
      newSubscriptions: payments.filter((payment) => payment.productName === TEAM_PLAN.productName).length,
    },
  };
}
