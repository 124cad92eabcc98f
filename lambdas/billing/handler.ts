import { requireCaller, type ResolverEvent } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { applyCouponToEmail, checkCoupon } from './coupons';
import { productionDeps as deps } from './deps';
import { subscriptionConfigs } from '@core/billing/plans';
import { cancelSubscription, cardDetails, dashboardPaymentPrompt, setupPaymentMethod, startTrial, upgradeSubscription } from './purchases';

type BillingResolver = (caller: ReturnType<typeof requireCaller>, args: unknown, d: typeof deps) => Promise<unknown>;
/** A resolver of the signed-in caller and the field's arguments. */
const withCaller = (resolve: BillingResolver) => async (event: ResolverEvent) => resolve(requireCaller(event), event.arguments, deps);

/** Coupons, purchases and subscriptions, trials, saved cards (docs/billing.md). */
export const handler = createAuthorizedHandler({
  'Query.checkCoupon': async (event) => checkCoupon(event.arguments, deps),
  'Mutation.applyCouponToEmail': async (event) => applyCouponToEmail(event.arguments, deps),
  'Query.cardDetails': async (event) => cardDetails(requireCaller(event), deps),
  'Query.subscriptionConfigs': async () => subscriptionConfigs,
  'Query.dashboardPaymentPrompt': async (event) => dashboardPaymentPrompt(requireCaller(event), deps),
  'Mutation.setupPaymentMethod': async (event) => setupPaymentMethod(requireCaller(event), deps),
  'Mutation.upgradeSubscription': withCaller(upgradeSubscription),
  'Mutation.startTrial': withCaller(startTrial),
  'Mutation.cancelSubscription': withCaller(cancelSubscription),
});
