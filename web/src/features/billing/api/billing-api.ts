/**
 * The billing operations the pricing, purchase and coupon pages call (schema.graphql; spec 000 section 7, "Coupons,
 * payments, subscriptions"). Who may call each is in core/policy.ts; docs/billing.md says what each does.
 */
import { callApi, gqlOperation } from '@/lib/api-client';

export interface CouponCheck {
  valid: boolean;
  percent_off: number | null;
}

/** Spec 000 section 3, Upgrade result; amountDue in cents. */
export interface UpgradeResult {
  subscriptionId: string;
  clientSecret: string | null;
  amountDue: number;
  status: string;
}

/** What a purchase buys: a subscription config (or extra seats), optionally for a team (renewal, seats). */
export interface PurchaseRequest {
  productId: string;
  couponId?: string | null;
  teamId?: string | null;
  quantity?: number | null;
}

const checkCouponQuery = gqlOperation<{ checkCoupon: CouponCheck }, { couponId: string; product?: string }>(/* GraphQL */ `
  query CheckCoupon($couponId: String!, $product: String) {
    checkCoupon(couponId: $couponId, product: $product) { valid percent_off }
  }
`);

const upgradeSubscriptionMutation = gqlOperation<
  { upgradeSubscription: UpgradeResult },
  { where: { id: string }; couponId?: string | null; teamId?: string | null; quantity?: number | null }
>(/* GraphQL */ `
  mutation UpgradeSubscription($where: SubscriptionWhere!, $couponId: String, $teamId: ID, $quantity: Int) {
    upgradeSubscription(where: $where, couponId: $couponId, teamId: $teamId, quantity: $quantity) { subscriptionId clientSecret amountDue status }
  }
`);

const applyCouponToEmailMutation = gqlOperation<{ applyCouponToEmail: boolean }, { email: string; couponId: string }>(/* GraphQL */ `
  mutation ApplyCouponToEmail($email: String!, $couponId: String!) {
    applyCouponToEmail(email: $email, couponId: $couponId)
  }
`);

/** Coupons are public (signed out too), so they always go with the public token. */
const publicCall = { authMode: 'public' } as const;

export const checkCoupon = async (couponId: string, product: string): Promise<CouponCheck> =>
  (await callApi(checkCouponQuery, { couponId, product }, publicCall)).checkCoupon;

export const upgradeSubscription = async ({ productId, couponId, teamId, quantity }: PurchaseRequest): Promise<UpgradeResult> =>
  (await callApi(upgradeSubscriptionMutation, { where: { id: productId }, couponId: couponId || null, teamId: teamId ?? null, quantity: quantity ?? null }))
    .upgradeSubscription;

export const applyCouponToEmail = async (email: string, couponId: string): Promise<boolean> =>
  (await callApi(applyCouponToEmailMutation, { email, couponId }, publicCall)).applyCouponToEmail;

const dashboardPaymentPromptQuery = gqlOperation<{ dashboardPaymentPrompt: boolean }>(/* GraphQL */ `
  query DashboardPaymentPrompt {
    dashboardPaymentPrompt
  }
`);

/** After login: whether the signed-in director has active payments but none for a team dashboard. */
export const needsDashboardPurchase = async (): Promise<boolean> => (await callApi(dashboardPaymentPromptQuery)).dashboardPaymentPrompt;
