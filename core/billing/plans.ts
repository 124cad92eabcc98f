/**
 * Plans and prices (docs/product.md, "Rules that shape every screen"), the one source for the web app, the Lambdas and
 * the local Stripe stand-in's catalogue. Amounts are in cents, as Stripe keeps them.
 */

export type BillingInterval = 'month' | 'year';

/** Stripe lookup keys: the Lambdas find the prices by these, on Stripe and on the local stand-in alike. */
export const PRICE_LOOKUP_KEYS = {
  dashboardMonthly: 'team_dashboard_monthly',
  dashboardYearly: 'team_dashboard_yearly',
  extraGamerSeatMonthly: 'extra_gamer_seat_monthly',
} as const;

/** The team dashboard plan. Its product name contains `Dashboard`, which is how payments for it are recognised. */
export const TEAM_PLAN = {
  productName: 'Team Dashboard',
  monthlyPriceCents: 3999,
  yearlyPriceCents: 39999,
  includedGamerSeats: 5,
  includedDirectorSeats: 1,
  includedCoachSeats: 1,
  idealFor: '1 to 3 varsity teams',
} as const;

/**
 * Gamer seats beyond the included five. Billed monthly whatever the dashboard's period: Stripe bills all items of a
 * subscription on one interval, so extra seats live in their own monthly subscription with the seats as its quantity.
 */
export const EXTRA_GAMER_SEAT = {
  productName: 'Extra Gamer Seat',
  monthlyPriceCents: 999,
} as const;

/** What `upgradeSubscription` buys extra gamer seats with (`where.id`), beside the subscription configs. */
export const EXTRA_GAMER_SEAT_PRODUCT_ID = 'extra-gamer-seat';

/** One recurring price of the Stripe catalogue, found by its lookup key. */
export interface CataloguePrice {
  lookupKey: string;
  unitAmount: number;
  currency: 'usd';
  interval: BillingInterval;
}

/**
 * The Stripe catalogue the product sells from: each product (by name) with its prices. `npm run stripe:catalogue`
 * (scripts/stripe-catalogue.ts) creates or verifies it on a Stripe account; the local stand-in starts with it.
 */
export const STRIPE_CATALOGUE: readonly { productName: string; prices: readonly CataloguePrice[] }[] = [
  {
    productName: TEAM_PLAN.productName,
    prices: [
      { lookupKey: PRICE_LOOKUP_KEYS.dashboardMonthly, unitAmount: TEAM_PLAN.monthlyPriceCents, currency: 'usd', interval: 'month' },
      { lookupKey: PRICE_LOOKUP_KEYS.dashboardYearly, unitAmount: TEAM_PLAN.yearlyPriceCents, currency: 'usd', interval: 'year' },
    ],
  },
  {
    productName: EXTRA_GAMER_SEAT.productName,
    prices: [
      { lookupKey: PRICE_LOOKUP_KEYS.extraGamerSeatMonthly, unitAmount: EXTRA_GAMER_SEAT.monthlyPriceCents, currency: 'usd', interval: 'month' },
    ],
  },
];

/** Length of a dashboard trial (`startTrial`), one per account; the spec gives none. */
export const TRIAL_DAYS = 14;

/** The badge on the yearly choice: the saving against twelve monthly payments, rounded down (SAVE 16%). */
export const YEARLY_SAVINGS_BADGE = `SAVE ${Math.floor((1 - TEAM_PLAN.yearlyPriceCents / (12 * TEAM_PLAN.monthlyPriceCents)) * 100)}%`;

/** A plan for sale (docs/billing.md, `subscriptionConfigs`). */
export interface SubscriptionConfig {
  id: string;
  name: string;
  key: string;
  /** `month` or `year`; the renewal text follows it (renewalFrequency). */
  type: BillingInterval;
  price: { monthly: number; yearly: number };
  /** The struck-through price on /pricing, when there is one. */
  previousPrice?: { monthly: number; yearly: number };
}

const COACH_PERFORMANCE_PLAN_NAME = 'Coach Performance Package';

/** The two plan names (docs/billing.md, "The web app"): the coach performance plan, and the same with Yearly appended. */
export const subscriptionConfigs: readonly SubscriptionConfig[] = [
  {
    id: 'coach-performance-monthly',
    name: COACH_PERFORMANCE_PLAN_NAME,
    key: 'COACH_PERFORMANCE_PACKAGE',
    type: 'month',
    price: { monthly: TEAM_PLAN.monthlyPriceCents, yearly: TEAM_PLAN.yearlyPriceCents },
  },
  {
    id: 'coach-performance-yearly',
    name: `${COACH_PERFORMANCE_PLAN_NAME} Yearly`,
    key: 'COACH_PERFORMANCE_PACKAGE_YEARLY',
    type: 'year',
    price: { monthly: TEAM_PLAN.monthlyPriceCents, yearly: TEAM_PLAN.yearlyPriceCents },
  },
];

export function subscriptionConfigById(id: string): SubscriptionConfig | undefined {
  return subscriptionConfigs.find((config) => config.id === id);
}

/** The Stripe price a config is bought with. */
export function dashboardLookupKey(config: Pick<SubscriptionConfig, 'type'>): string {
  return config.type === 'year' ? PRICE_LOOKUP_KEYS.dashboardYearly : PRICE_LOOKUP_KEYS.dashboardMonthly;
}

/** Cents as dollars with two decimals (`$39.99`); `N/A` where the amount is missing. */
export function formatPrice(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return 'N/A';
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * After sign-in (docs/product.md; docs/billing.md, `dashboardPaymentPrompt`): a director who has active payments but
 * none (of them) for a team dashboard, whose product name contains `Dashboard`, is prompted to buy one.
 */
export function needsDashboardPrompt(payments: readonly { status: string; productName: string }[]): boolean {
  const active = payments.filter((payment) => payment.status === 'active');
  return active.length > 0 && !active.some((payment) => payment.productName.includes('Dashboard'));
}

/** The renewal text's period: yearly when the plan type contains `year`, else monthly. */
export function renewalFrequency(planType: string): 'yearly' | 'monthly' {
  return planType.toLowerCase().includes('year') ? 'yearly' : 'monthly';
}

/** Statuses of a billing subscription that keep a dashboard open. */
const RUNNING_STATUSES = new Set(['active', 'trialing']);

/** A team's subscription keeps its dashboard open (verifyTeamSubscription's `active`; blocks deleting its owner's account). */
export function isSubscriptionRunning(subscription: { status: string; endSubscriptionAt: string } | null, now: Date): boolean {
  return subscription !== null && RUNNING_STATUSES.has(subscription.status) && new Date(subscription.endSubscriptionAt) > now;
}
