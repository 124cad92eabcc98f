/** What a fresh stand-in holds, as `npm run stripe:catalogue` sets up a Stripe account: the plan's prices, the portal settings; and coupons. */
import { PRICE_LOOKUP_KEYS, STRIPE_CATALOGUE } from '@core/billing/plans';
import { PORTAL_SETTINGS } from '../../stripe-catalogue';
import type { StandInState } from './state';

/** The seeded prices' ids: `price_` and the lookup key in camel case (`price_TeamDashboardMonthly`). */
export const LOCAL_PRICE_IDS = Object.fromEntries(
  Object.entries(PRICE_LOOKUP_KEYS).map(([name, lookupKey]) => [name, `price_${pascalCase(lookupKey)}`]),
) as Record<keyof typeof PRICE_LOOKUP_KEYS, string>;

function pascalCase(text: string): string {
  return text.replace(/(?:^|[_\s]+)(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** Coupons by code, each with a promotion code of the same text (what users type). */
const LOCAL_COUPONS = [
  { id: 'WELCOME20', name: 'Welcome 20% off', percent_off: 20 },
  { id: 'FULLPASS', name: 'Full pass', percent_off: 100 },
] as const;

export function seedCatalogue(state: StandInState) {
  for (const { productName, prices } of STRIPE_CATALOGUE) {
    const product = state.create('prod', 'product', {
      id: `prod_${pascalCase(productName)}`,
      name: productName,
      active: true,
      description: null,
      default_price: null,
    });
    for (const price of prices) {
      state.create('price', 'price', {
        id: `price_${pascalCase(price.lookupKey)}`,
        product: product.id,
        lookup_key: price.lookupKey,
        unit_amount: price.unitAmount,
        currency: price.currency,
        recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null },
        type: 'recurring',
        billing_scheme: 'per_unit',
        nickname: null,
        active: true,
      });
    }
  }
  seedPortalSettings(state);
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

/** The customer portal's settings as `npm run stripe:catalogue` makes them: the default configuration. */
export function seedPortalSettings(state: StandInState) {
  state.create('bpc', 'billing_portal.configuration', {
    id: 'bpc_local',
    active: true,
    is_default: true,
    default_return_url: null,
    name: null,
    ...PORTAL_SETTINGS,
    business_profile: { privacy_policy_url: null, terms_of_service_url: null, ...PORTAL_SETTINGS.business_profile },
    updated: state.now(),
  });
}
