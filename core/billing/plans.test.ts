import {
  dashboardLookupKey,
  EXTRA_GAMER_SEAT,
  formatPrice,
  needsDashboardPrompt,
  PRICE_LOOKUP_KEYS,
  renewalFrequency,
  subscriptionConfigById,
  subscriptionConfigs,
  TEAM_PLAN,
  YEARLY_SAVINGS_BADGE,
} from './plans';

describe('the team dashboard plan (docs/product.md, Rules that shape every screen)', () => {
  it('shows 39.99 a month, 399.99 a year and 9.99 a month per extra gamer seat', () => {
    expect(formatPrice(TEAM_PLAN.monthlyPriceCents)).toBe('$39.99');
    expect(formatPrice(TEAM_PLAN.yearlyPriceCents)).toBe('$399.99');
    expect(formatPrice(EXTRA_GAMER_SEAT.monthlyPriceCents)).toBe('$9.99');
  });

  it('includes 5 gamer accounts, 1 director and 1 coach', () => {
    expect([TEAM_PLAN.includedGamerSeats, TEAM_PLAN.includedDirectorSeats, TEAM_PLAN.includedCoachSeats]).toEqual([5, 1, 1]);
  });

  it('badges the yearly price SAVE 16%', () => {
    expect(YEARLY_SAVINGS_BADGE).toBe('SAVE 16%');
  });

  it('is a product whose name contains Dashboard, as payments for it are recognised by', () => {
    expect(TEAM_PLAN.productName).toContain('Dashboard');
  });
});

describe('subscriptionConfigs', () => {
  it('names the coach performance plan and the same with Yearly appended', () => {
    const [monthly, yearly] = subscriptionConfigs;
    expect(yearly.name).toBe(`${monthly.name} Yearly`);
    expect(subscriptionConfigs.map((config) => config.type)).toEqual(['month', 'year']);
  });

  it('carry the monthly and yearly prices in cents, and unique ids and keys', () => {
    for (const config of subscriptionConfigs) expect(config.price).toEqual({ monthly: 3999, yearly: 39999 });
    expect(new Set(subscriptionConfigs.map((config) => config.id)).size).toBe(subscriptionConfigs.length);
    expect(new Set(subscriptionConfigs.map((config) => config.key)).size).toBe(subscriptionConfigs.length);
  });

  it('are found by id and bought with the Stripe price of their period', () => {
    const yearly = subscriptionConfigById('coach-performance-yearly');
    expect(yearly && dashboardLookupKey(yearly)).toBe(PRICE_LOOKUP_KEYS.dashboardYearly);
    expect(dashboardLookupKey(subscriptionConfigs[0])).toBe(PRICE_LOOKUP_KEYS.dashboardMonthly);
    expect(subscriptionConfigById('no-such-plan')).toBeUndefined();
  });
});

describe('price display', () => {
  it.each([
    [3999, '$39.99'],
    [0, '$0.00'],
    [5, '$0.05'],
    [100000, '$1000.00'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    [Number.NaN, 'N/A'],
  ])('%p cents -> %p', (cents, shown) => {
    expect(formatPrice(cents)).toBe(shown);
  });
});

describe('renewal text', () => {
  it.each([
    ['year', 'yearly'],
    ['Yearly', 'yearly'],
    ['month', 'monthly'],
    ['', 'monthly'],
  ])('plan type %p renews %p', (type, frequency) => {
    expect(renewalFrequency(type)).toBe(frequency);
  });
});

describe('needsDashboardPrompt (after login)', () => {
  const payment = (status: string, productName: string) => ({ status, productName });

  it('prompts a payer whose active payments include no dashboard', () => {
    expect(needsDashboardPrompt([payment('active', 'FitGauge Pro coupon'), payment('expired', 'Team Dashboard')])).toBe(true);
  });

  it('does not prompt with an active dashboard payment, or without any active payment', () => {
    expect(needsDashboardPrompt([payment('active', 'FitGauge Pro coupon'), payment('active', 'Team Dashboard')])).toBe(false);
    expect(needsDashboardPrompt([payment('canceled', 'FitGauge Pro coupon')])).toBe(false);
    expect(needsDashboardPrompt([])).toBe(false);
  });
});
