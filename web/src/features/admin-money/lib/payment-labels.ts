import { formatScoreDay } from '@/lib/score-display';

/**
 * How the payments table names methods (docs/billing.md, "The pages"): the spec's names, capitalised as the rest of the
 * app writes words; an unknown method is shown as a card payment provider.
 */
const METHOD_LABELS: Record<string, string> = {
  'ios-appstore': 'App Store',
  'android-playstore': 'Play Store',
  manual: 'Manual',
  card: 'Card',
  coupon: 'Coupon',
  unknown: 'Card',
};

export const methodLabel = (method: string) => METHOD_LABELS[method] ?? METHOD_LABELS.unknown;

const ROLE_LABELS: Record<string, string> = { DIRECTOR: 'Director', COACH: 'Coach', GAMER: 'Gamer', SELF: 'Self' };
/** Role labels, with the No-Role fallback (docs/billing.md, "The pages"). */
export const roleLabel = (role: string | null) => (role && ROLE_LABELS[role]) || 'No-Role';

/** A status or a frequency in words: "active" reads Active, "monthly" Monthly. */
export const codeLabel = (code: string | null) => (code ? `${code[0]!.toUpperCase()}${code.slice(1)}` : '—');

/** An amount in US cents as dollars, "$9.99"; a dash when not known (a manual payment). */
export const amountLabel = (cents: number | null) =>
  cents === null ? '—' : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A date of the table as the app writes dates, MM/dd/yyyy, of the instant in UTC (payments' ranges are whole UTC days). */
export const dayOf = (instant: string | null) => (instant ? formatScoreDay(instant.slice(0, 10)) : '—');
