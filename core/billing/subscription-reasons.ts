/**
 * App subscription reasons (docs/billing.md, "Subscription reasons"): why an account has the app free or Pro, and the
 * label the User type shows for each. `FG` is the product prefix. The label is derived, so it never disagrees with the
 * reason stored on the profile.
 */
export const SUBSCRIPTION_REASONS = {
  free: 'FGFREE',
  freeByTeam: 'FGFREE_BYTEAM',
  pro: 'FGPRO',
  proByTeam: 'FGPRO_BYTEAM',
  proAdmin: 'FGPRO_ADMIN',
} as const;

type SubscriptionReason = (typeof SUBSCRIPTION_REASONS)[keyof typeof SUBSCRIPTION_REASONS];

const LABELS: Record<SubscriptionReason, string> = {
  FGFREE: 'Free',
  FGFREE_BYTEAM: 'Free',
  FGPRO: 'Pro',
  FGPRO_BYTEAM: 'Pro by team',
  FGPRO_ADMIN: 'Pro Admin',
};

const isReason = (value: string): value is SubscriptionReason => Object.hasOwn(LABELS, value);

/** The reason and label a profile shows; a profile without a (known) reason has the free app. */
export function subscriptionOf(storedReason: string | null | undefined): { appSubscriptionReason: SubscriptionReason; subscription: string } {
  const appSubscriptionReason = storedReason && isReason(storedReason) ? storedReason : SUBSCRIPTION_REASONS.free;
  return { appSubscriptionReason, subscription: LABELS[appSubscriptionReason] };
}

/** The reasons a team gives: they end with the account's last team. */
export const BY_TEAM_REASONS: readonly SubscriptionReason[] = [SUBSCRIPTION_REASONS.freeByTeam, SUBSCRIPTION_REASONS.proByTeam];
