import { paymentEnd, paymentStats } from './payment-report';

describe('paymentEnd', () => {
  it('keeps a stored end', () => {
    expect(paymentEnd('2026-01-31T10:00:00.000Z', 'monthly', '2026-02-15T00:00:00.000Z')).toBe('2026-02-15T00:00:00.000Z');
  });
  it('adds 1 month or 1 year to the start when the end is missing', () => {
    expect(paymentEnd('2026-01-15T10:00:00.000Z', 'monthly', null)).toBe('2026-02-15T10:00:00.000Z');
    expect(paymentEnd('2026-01-15T10:00:00.000Z', 'yearly', null)).toBe('2027-01-15T10:00:00.000Z');
  });
  it('has none without a frequency', () => {
    expect(paymentEnd('2026-01-15T10:00:00.000Z', null, null)).toBeNull();
  });
});

describe('paymentStats', () => {
  it('counts per coupon and method, most first, and the seats and dashboards', () => {
    const stats = paymentStats([
      { coupon: 'WELCOME20', method: 'coupon', productName: 'FitGauge Pro' },
      { coupon: 'WELCOME20', method: 'card', productName: 'Team Dashboard' },
      { coupon: null, method: 'card', productName: 'Extra Gamer Seat' },
      { coupon: 'FULLPASS', method: 'paypal', productName: 'Team Dashboard' },
    ]);
    expect(stats).toEqual({
      coupons: [
        { coupon: 'WELCOME20', count: 2 },
        { coupon: 'FULLPASS', count: 1 },
      ],
      paymentMethods: [
        { method: 'card', count: 2 },
        { method: 'coupon', count: 1 },
        { method: 'unknown', count: 1 },
      ],
      extra: { teamInvites: 1, newSubscriptions: 2 },
    });
  });
});
