/**
 * The coupon operations the purchase and coupon pages call (schema.graphql; docs/billing.md, "Operations"). Who may
 * call each is in core/policy.ts; docs/billing.md says what each does. Each fails at once without a connection
 * (networkMode 'always'), as the plain calls they were did, rather than waiting for one.
 */
import { useMutation } from '@tanstack/react-query';
import type { CheckCouponQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

type CouponCheck = CheckCouponQuery['checkCoupon'];

/** Coupons are public (signed out too), so they always go with the public token. */
const publicCall = { authMode: 'public' } as const;

const checkCouponQuery = gqlOperation(/* GraphQL */ `
  query CheckCoupon($couponId: String!, $product: String) {
    checkCoupon(couponId: $couponId, product: $product) {
      valid
      percent_off
    }
  }
`);

const applyCouponToEmailMutation = gqlOperation(/* GraphQL */ `
  mutation ApplyCouponToEmail($email: String!, $couponId: String!) {
    applyCouponToEmail(email: $email, couponId: $couponId)
  }
`);

/** Apply in the coupon step of a purchase: whether the code is valid for the product, and its discount. */
export const useCheckCoupon = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: async ({ couponId, product }: { couponId: string; product: string }): Promise<CouponCheck> =>
      (await callApi(checkCouponQuery, { couponId, product }, publicCall)).checkCoupon,
  });

/**
 * Signed in (`/activate/coupon`) the call carries the session, so a coupon for the caller's own proven e-mail applies at
 * once; otherwise it goes with the public token and waits for the link mailed to the e-mail (docs/billing.md).
 */
export const useApplyCouponToEmail = ({ signedIn = false }: { signedIn?: boolean } = {}) =>
  useMutation({
    networkMode: 'always',
    mutationFn: async ({ email, couponId }: { email: string; couponId: string }): Promise<boolean> =>
      (await callApi(applyCouponToEmailMutation, { email, couponId }, signedIn ? {} : publicCall)).applyCouponToEmail,
  });

const confirmCouponMutation = gqlOperation(/* GraphQL */ `
  mutation ConfirmCoupon($token: String!) {
    confirmCoupon(token: $token)
  }
`);

/** Opening the link mailed for a coupon: the token alone proves the mailbox, signed in or not. */
export const useConfirmCoupon = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: async (token: string): Promise<boolean> => (await callApi(confirmCouponMutation, { token }, publicCall)).confirmCoupon,
  });
