/** The team form's query keys (its one cached read: whether an unused team-dashboard purchase is there to use). */
export const teamFormKeys = {
  all: ['team-form'] as const,
  unusedPurchase: () => [...teamFormKeys.all, 'unused-dashboard-purchase'] as const,
};
