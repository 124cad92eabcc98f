import { useMutation } from '@tanstack/react-query';
import type { UpgradeSubscriptionMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

/** What upgradeSubscription answers (docs/billing.md, "Operations"); amountDue in cents. */
type UpgradeResult = UpgradeSubscriptionMutation['upgradeSubscription'];

/** What a purchase buys: a subscription config (or extra seats), optionally for a team (renewal, seats). */
export interface PurchaseRequest {
  productId: string;
  couponId?: string | null;
  teamId?: string | null;
  quantity?: number | null;
}

const upgradeSubscriptionMutation = gqlOperation(/* GraphQL */ `
  mutation UpgradeSubscription($where: SubscriptionWhere!, $couponId: String, $teamId: ID, $quantity: Int) {
    upgradeSubscription(where: $where, couponId: $couponId, teamId: $teamId, quantity: $quantity) {
      subscriptionId
      clientSecret
      amountDue
      status
    }
  }
`);

/**
 * Starts or changes the subscription the purchase buys (docs/billing.md, "Operations"). Like a plain call, it fails at
 * once without a connection (networkMode 'always') rather than waiting for one.
 */
export const useUpgradeSubscription = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: async ({ productId, couponId, teamId, quantity }: PurchaseRequest): Promise<UpgradeResult> =>
      (
        await callApi(upgradeSubscriptionMutation, {
          where: { id: productId },
          couponId: couponId || null,
          teamId: teamId ?? null,
          quantity: quantity ?? null,
        })
      ).upgradeSubscription,
  });
