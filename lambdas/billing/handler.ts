import { callerOf, callerResolvers, requireCaller, type ResolverEvent } from '../lib/appsync';
import { callerAddressOf } from '../lib/caller-address';
import { createAuthorizedHandler } from '../lib/authorization';
import { addPromotion } from './promotions';
import { aggregatePayments, createManualPayment, findManyPayments, getPaymentStats } from './admin-payments';
import { applyCouponToEmail, checkCoupon, confirmCoupon } from './coupons';
import { getGamersFromCoupon, getTeamsFromCoupon } from './coupon-reports';
import { productionDeps as deps } from './deps';
import { subscriptionConfigs } from '@core/billing/plans';
import { cancelSubscription, cardDetails, dashboardPaymentPrompt, setupPaymentMethod, startTrial, upgradeSubscription } from './purchases';

const withCaller = callerResolvers(deps);

/** A resolver of the field's arguments alone (admin-only fields: the policy map has already checked the caller's role). */
const withArgs = (resolve: (args: unknown, d: typeof deps) => Promise<unknown>) => async (event: ResolverEvent) => resolve(event.arguments, deps);

/** Who calls a coupon field, for its limits: the signed-in caller or none, and the network address. */
const couponCaller = (event: ResolverEvent) => ({ caller: callerOf(event), address: callerAddressOf(event) });

/** Coupons, purchases and subscriptions, trials, saved cards; the admin payments, promotions and coupon reports (docs/billing.md). */
export const handler = createAuthorizedHandler({
  'Query.checkCoupon': async (event) => checkCoupon(event.arguments, couponCaller(event), deps),
  'Mutation.applyCouponToEmail': async (event) => applyCouponToEmail(event.arguments, couponCaller(event), deps),
  'Mutation.confirmCoupon': async (event) => confirmCoupon(event.arguments, deps),
  'Query.cardDetails': async (event) => cardDetails(requireCaller(event), deps),
  'Query.subscriptionConfigs': async () => subscriptionConfigs,
  'Query.dashboardPaymentPrompt': async (event) => dashboardPaymentPrompt(requireCaller(event), deps),
  'Mutation.setupPaymentMethod': async (event) => setupPaymentMethod(requireCaller(event), deps),
  'Mutation.upgradeSubscription': withCaller(upgradeSubscription),
  'Mutation.startTrial': withCaller(startTrial),
  'Mutation.cancelSubscription': withCaller(cancelSubscription),
  'Query.findManyPayments': withArgs(findManyPayments),
  'Query.aggregatePayments': withArgs(aggregatePayments),
  'Query.getPaymentStats': withArgs(getPaymentStats),
  'Query.getGamersFromCoupon': withArgs(getGamersFromCoupon),
  'Query.getTeamsFromCoupon': withArgs(getTeamsFromCoupon),
  'Mutation.createPayment': withCaller(createManualPayment),
  'Mutation.createManualPayment': async (event) => createManualPayment(requireCaller(event), event.arguments, deps, 'createManualPayment'),
  'Mutation.addPromotion': withCaller(addPromotion),
});
