import { formatCardNumber, formatExpiry, readCard } from './local-stripe';

describe('the local card form', () => {
  it('shows the card number in groups of four and the expiry as MM / YY while typing', () => {
    expect(formatCardNumber('4000002500003155')).toBe('4000 0025 0000 3155');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
  });

  it('names the first incomplete field as Stripe.js does, and gives the digits of a complete card', () => {
    expect(readCard({ number: '4242 4242', expMonth: '12', expYear: '34', cvc: '123' })).toEqual({ error: 'Your card number is incomplete.' });
    expect(readCard({ number: '4242 4242 4242 4242', expMonth: '13', expYear: '34', cvc: '123' })).toEqual({
      error: "Your card's expiration date is incomplete.",
    });
    expect(readCard({ number: '4242 4242 4242 4242', expMonth: '12', expYear: '34', cvc: '1' })).toEqual({
      error: "Your card's security code is incomplete.",
    });
    expect(readCard({ number: '4242 4242 4242 4242', expMonth: '12', expYear: '34', cvc: '123' })).toEqual({
      card: { number: '4242424242424242', expMonth: '12', expYear: '34', cvc: '123' },
    });
  });
});
