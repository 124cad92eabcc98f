/** What a fresh stand-in holds, as the Stripe account is set up in production: the plan's prices and the coupons. */
import { EXTRA_GAMER_SEAT, PRICE_LOOKUP_KEYS, TEAM_PLAN } from '@core/billing/plans';
import type { StandInState } from './state';

export const LOCAL_PRICE_IDS = {
  dashboardMonthly: 'price_TeamDashboardMonthly',
  dashboardYearly: 'price_TeamDashboardYearly',
  extraGamerSeatMonthly: 'price_ExtraGamerSeatMonthly',
} as const;

/** Coupons by code, each with a promotion code of the same text (what users type). */
const LOCAL_COUPONS = [
  { id: 'WELCOME20', name: 'Welcome 20% off', percent_off: 20 },
  { id: 'FULLPASS', name: 'Full pass', percent_off: 100 },
] as const;

export function seedCatalogue(state: StandInState) {
  const dashboard = state.create('prod', 'product', {
    id: 'prod_TeamDashboard',
    name: TEAM_PLAN.productName,
    active: true,
    description: null,
    default_price: null,
  });
  const seat = state.create('prod', 'product', {
    id: 'prod_ExtraGamerSeat',
    name: EXTRA_GAMER_SEAT.productName,
    active: true,
    description: null,
    default_price: null,
  });
  const price = (id: string, product: string, lookupKey: string, unitAmount: number, interval: 'month' | 'year') =>
    state.create('price', 'price', {
      id,
      product,
      lookup_key: lookupKey,
      unit_amount: unitAmount,
      currency: 'usd',
      recurring: { interval, interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null },
      type: 'recurring',
      billing_scheme: 'per_unit',
      nickname: null,
      active: true,
    });
  price(LOCAL_PRICE_IDS.dashboardMonthly, dashboard.id, PRICE_LOOKUP_KEYS.dashboardMonthly, TEAM_PLAN.monthlyPriceCents, 'month');
  price(LOCAL_PRICE_IDS.dashboardYearly, dashboard.id, PRICE_LOOKUP_KEYS.dashboardYearly, TEAM_PLAN.yearlyPriceCents, 'year');
  price(LOCAL_PRICE_IDS.extraGamerSeatMonthly, seat.id, PRICE_LOOKUP_KEYS.extraGamerSeatMonthly, EXTRA_GAMER_SEAT.monthlyPriceCents, 'month');
  for (const coupon of LOCAL_COUPONS) {
    state.create('coupon', 'coupon', {
      ...coupon,
      amount_off: null,
      currency: null,
      duration: 'forever',
      duration_in_months: null,
      max_redemptions: null,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
    });
    state.create('promo', 'promotion_code', {
      id: `promo_${coupon.id}`,
      code: coupon.id,
      promotion: { type: 'coupon', coupon: coupon.id },
      active: true,
      customer: null,
      expires_at: null,
      max_redemptions: null,
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    });
  }
}
