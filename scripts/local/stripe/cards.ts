/** Stripe's test cards, and test payment-method ids (`pm_card_visa`), by what they do when charged. */
import { invalidRequest, StripeApiError } from './errors';

export type CardOutcome = 'succeeds' | 'requires_authentication' | 'declined' | 'insufficient_funds';

const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  // Authentication on every on-session charge and setup; once set up and authenticated, off-session charges pass.
  '4000002500003155': 'requires_authentication',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
};

/** Test payment-method ids usable in place of a `pm_…` id, as on Stripe. */
export const TEST_PAYMENT_METHOD_CARDS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
};

export const TEST_CARD_TOKENS: Record<string, string> = {
  tok_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  tok_chargeDeclined: '4000000000000002',
};

interface CheckedCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  outcome: CardOutcome;
}

const cardError = (code: string, message: string, param: string) => new StripeApiError(402, { type: 'card_error', code, message, param });

/** A card number and expiry as Stripe checks them when a payment method is created. */
export function checkCard(rawNumber: string, expMonth: number, expYear: number, now: Date): CheckedCard {
  const number = rawNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12)
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  const expiresAfter = Date.UTC(expYear < 100 ? 2000 + expYear : expYear, expMonth, 1);
  if (!Number.isInteger(expYear) || expiresAfter <= now.getTime())
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  return {
    brand: brandOf(number),
    last4: number.slice(-4),
    exp_month: expMonth,
    exp_year: expYear < 100 ? 2000 + expYear : expYear,
    outcome: TEST_CARDS[number] ?? 'succeeds',
  };
}

export function declineOf(outcome: CardOutcome): { code: string; decline_code: string; message: string } | null {
  if (outcome === 'declined') return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  if (outcome === 'insufficient_funds')
    return { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  return null;
}

function passesLuhn(number: string): boolean {
  let sum = 0;
  [...number].reverse().forEach((char, i) => {
    let digit = Number(char);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  });
  return sum % 10 === 0;
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

export function unknownTestToken(token: string) {
  return invalidRequest(`No such token: '${token}'`, 'card[token]', 'resource_missing');
}
