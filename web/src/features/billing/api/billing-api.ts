/**
 * The billing operations the pricing, purchase and coupon pages call (schema.graphql; docs/billing.md,
 * "Operations"). Who may call each is in core/policy.ts; docs/billing.md says what each does.
 */
import type { CheckCouponQuery, UpgradeSubscriptionMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

export type CouponCheck = CheckCouponQuery['checkCoupon'];

/** What upgradeSubscription answers (docs/billing.md, "Operations"); amountDue in cents. */
export type UpgradeResult = UpgradeSubscriptionMutation['upgradeSubscription'];

/** What a purchase buys: a subscription config (or extra seats), optionally for a team (renewal, seats). */
export interface PurchaseRequest {
  productId: string;
  couponId?: string | null;
  teamId?: string | null;
  quantity?: number | null;
}

const checkCouponQuery = gqlOperation(/* GraphQL */ `
  query CheckCoupon($couponId: String!, $product: String) {
    checkCoupon(couponId: $couponId, product: $product) {
      valid
      percent_off
    }
  }
`);

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

const applyCouponToEmailMutation = gqlOperation(/* GraphQL */ `
  mutation ApplyCouponToEmail($email: String!, $couponId: String!) {
    applyCouponToEmail(email: $email, couponId: $couponId)
  }
`);

/** Coupons are public (signed out too), so they always go with the public token. */
const publicCall = { authMode: 'public' } as const;

export const checkCoupon = async (couponId: string, product: string): Promise<CouponCheck> =>
  (await callApi(checkCouponQuery, { couponId, product }, publicCall)).checkCoupon;

export const upgradeSubscription = async ({ productId, couponId, teamId, quantity }: PurchaseRequest): Promise<UpgradeResult> =>
  (
    await callApi(upgradeSubscriptionMutation, {
      where: { id: productId },
      couponId: couponId || null,
      teamId: teamId ?? null,
      quantity: quantity ?? null,
    })
  ).upgradeSubscription;

/**
 * Signed in (`/activate/coupon`) the call carries the session, so a coupon for the caller's own proven e-mail applies at
 * once; otherwise it goes with the public token and waits for the link mailed to the e-mail (docs/billing.md).
 */
export const applyCouponToEmail = async (email: string, couponId: string, options: { signedIn?: boolean } = {}): Promise<boolean> =>
  (await callApi(applyCouponToEmailMutation, { email, couponId }, options.signedIn ? {} : publicCall)).applyCouponToEmail;

const confirmCouponMutation = gqlOperation(/* GraphQL */ `
  mutation ConfirmCoupon($token: String!) {
    confirmCoupon(token: $token)
  }
`);

/** Opening the link mailed for a coupon: the token alone proves the mailbox, signed in or not. */
export const confirmCoupon = async (token: string): Promise<boolean> => (await callApi(confirmCouponMutation, { token }, publicCall)).confirmCoupon;

const dashboardPaymentPromptQuery = gqlOperation(/* GraphQL */ `
  query DashboardPaymentPrompt {
    dashboardPaymentPrompt
  }
`);

/** After login: whether the signed-in director has active payments but none for a team dashboard. */
export const needsDashboardPurchase = async (): Promise<boolean> => (await callApi(dashboardPaymentPromptQuery)).dashboardPaymentPrompt;
