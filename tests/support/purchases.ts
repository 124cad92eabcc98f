import { randomUUID } from 'node:crypto';
import { dynamoSubscriptionStore } from '../../lambdas/lib/stores/subscription-store';

/**
 * A running team-dashboard purchase of the user, not yet tied to a team, as billing records a successful payment.
 * Call useStackEnvironment() first.
 */
export async function addDashboardPurchase(userId: string, days = 30): Promise<void> {
  const at = new Date().toISOString();
  await dynamoSubscriptionStore.addPurchase({
    id: `sub_${randomUUID()}`,
    userId,
    productName: 'Team Dashboard',
    status: 'active',
    paymentFrequency: 'monthly',
    endSubscriptionAt: new Date(Date.now() + days * 86_400_000).toISOString(),
    createdAt: at,
  });
}
