import { subscriptionOf } from './subscription-reasons';

describe('subscriptionOf', () => {
  it('labels each reason as the back office does', () => {
    expect(['FGFREE', 'FGFREE_BYTEAM', 'FGPRO', 'FGPRO_BYTEAM', 'FGPRO_ADMIN'].map((reason) => subscriptionOf(reason).subscription)).toEqual([
      'Free',
      'Free',
      'Pro',
      'Pro by team',
      'Pro Admin',
    ]);
  });

  it('answers the free app for a profile without a reason or with one it does not know', () => {
    expect(subscriptionOf(undefined)).toEqual({ appSubscriptionReason: 'FGFREE', subscription: 'Free' });
    expect(subscriptionOf('FG_PRO')).toEqual({ appSubscriptionReason: 'FGFREE', subscription: 'Free' });
  });
});
