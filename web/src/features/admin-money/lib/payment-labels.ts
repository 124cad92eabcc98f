/** How the payments table names methods (docs/billing.md, the payments filter): an unknown method is shown as a card payment provider. */
const METHOD_LABELS: Record<string, string> = {
  'ios-appstore': 'App Store',
  'android-playstore': 'Play Store',
  manual: 'manual',
  card: 'card',
  coupon: 'coupon',
  unknown: 'card',
};

export const methodLabel = (method: string) => METHOD_LABELS[method] ?? METHOD_LABELS.unknown;

const ROLE_LABELS: Record<string, string> = { DIRECTOR: 'Director', COACH: 'Coach', GAMER: 'Gamer', SELF: 'Self' };
/** Role labels, with the No-Role fallback (docs/billing.md, "The pages"). */
export const roleLabel = (role: string | null) => (role && ROLE_LABELS[role]) || 'No-Role';

/** A date of the table: yyyy-MM-dd of the instant in UTC (payments' ranges are whole UTC days). */
export const dayOf = (instant: string | null) => (instant ? instant.slice(0, 10) : '—');
