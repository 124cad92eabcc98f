import { subscriptionConfigs } from '@core/billing/plans';
import { ADMINS_ONLY, ANYONE, OWN_DATA } from '@core/policy';
import {
  addPromotionArgsSchema,
  createPaymentArgsSchema,
  findManyPaymentsArgsSchema,
  gamersFromCouponArgsSchema,
  paymentWhereArgsSchema,
  teamsFromCouponArgsSchema,
} from '@core/billing/admin-validation';
import {
  applyCouponArgsSchema,
  cancelSubscriptionArgsSchema,
  checkCouponArgsSchema,
  confirmCouponArgsSchema,
  startTrialArgsSchema,
  upgradeSubscriptionArgsSchema,
} from '@core/billing/validation';
import { callerAddressOf } from '../lib/caller-address';
import { type FieldCall, field, type FieldDeclarations } from '../lib/fields';
import { aggregatePayments, createManualPayment, findManyPayments, getPaymentStats } from './admin-payments';
import { getGamersFromCoupon, getTeamsFromCoupon } from './coupon-reports';
import { applyCouponToEmail, checkCoupon, confirmCoupon, type CouponCaller } from './coupons';
import { productionDeps as deps } from './deps';
import { addPromotion } from './promotions';
import { cancelSubscription, cardDetails, dashboardPaymentPrompt, setupPaymentMethod, startTrial, upgradeSubscription } from './purchases';

/** Who calls a coupon field, for its limits: the signed-in caller or none, and the network address. */
const couponCaller = ({ callerOrNull, event }: FieldCall<unknown>): CouponCaller => ({ caller: callerOrNull, address: callerAddressOf(event) });

/** Coupons, purchases and subscriptions, trials, saved cards; the admin payments, promotions and coupon reports (docs/billing.md). */
export const billingFields = {
  // Coupons are checked and applied on public pages.
  'Query.checkCoupon': field({
    policy: ANYONE,
    args: checkCouponArgsSchema,
    resolve: async (call) => checkCoupon(call.args.couponId, couponCaller(call), deps),
  }),
  'Mutation.applyCouponToEmail': field({
    policy: ANYONE,
    args: applyCouponArgsSchema,
    resolve: async (call) => applyCouponToEmail(call.args, couponCaller(call), deps),
  }),
  // The mailed token is the proof: whoever opens the link, signed in or not.
  'Mutation.confirmCoupon': field({ policy: ANYONE, args: confirmCouponArgsSchema, resolve: async ({ args }) => confirmCoupon(args.token, deps) }),
  'Query.cardDetails': field({ policy: OWN_DATA, resolve: async ({ caller }) => cardDetails(caller, deps) }),
  'Query.subscriptionConfigs': field({ policy: ANYONE, resolve: async () => subscriptionConfigs }),
  'Query.dashboardPaymentPrompt': field({ policy: OWN_DATA, resolve: async ({ caller }) => dashboardPaymentPrompt(caller, deps) }),
  'Mutation.setupPaymentMethod': field({ policy: OWN_DATA, resolve: async ({ caller }) => setupPaymentMethod(caller, deps) }),
  'Mutation.startTrial': field({
    policy: OWN_DATA,
    args: startTrialArgsSchema,
    resolve: async ({ caller, args }) => startTrial(caller, args.where.id, deps),
  }),
  // The resolver reads only the caller's own payments.
  'Mutation.cancelSubscription': field({
    policy: OWN_DATA,
    args: cancelSubscriptionArgsSchema,
    resolve: async ({ caller, args }) => cancelSubscription(caller, args.where.id, deps),
  }),
  // Anyone buys a dashboard for themselves; a renewal or extra seats (teamId) only the team's director.
  'Mutation.upgradeSubscription': field({
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'team', argument: 'teamId', relations: ['owner'] },
      refusal: "Only the team's director can pay for it.",
    },
    args: upgradeSubscriptionArgsSchema,
    resolve: async ({ caller, args, teamIfGiven }) => upgradeSubscription(caller, args, teamIfGiven, deps),
  }),
  // Admin money pages (docs/billing.md, "Admin"): payments, manual payments, promotions, coupon score reports.
  'Query.findManyPayments': field({
    policy: ADMINS_ONLY,
    args: findManyPaymentsArgsSchema,
    resolve: async ({ args }) => findManyPayments(args, deps),
  }),
  'Query.aggregatePayments': field({
    policy: ADMINS_ONLY,
    args: paymentWhereArgsSchema,
    resolve: async ({ args }) => aggregatePayments(args.where, deps),
  }),
  'Query.getPaymentStats': field({
    policy: ADMINS_ONLY,
    args: paymentWhereArgsSchema,
    resolve: async ({ args }) => getPaymentStats(args.where, deps),
  }),
  'Query.getGamersFromCoupon': field({
    policy: ADMINS_ONLY,
    args: gamersFromCouponArgsSchema,
    resolve: async ({ args }) => getGamersFromCoupon(args, deps),
  }),
  'Query.getTeamsFromCoupon': field({
    policy: ADMINS_ONLY,
    args: teamsFromCouponArgsSchema,
    resolve: async ({ args }) => getTeamsFromCoupon(args, deps),
  }),
  'Mutation.createPayment': field({
    policy: ADMINS_ONLY,
    args: createPaymentArgsSchema,
    resolve: async ({ caller, fieldName, args }) => createManualPayment({ caller, action: fieldName }, args, deps),
  }),
  'Mutation.createManualPayment': field({
    policy: ADMINS_ONLY,
    args: createPaymentArgsSchema,
    resolve: async ({ caller, fieldName, args }) => createManualPayment({ caller, action: fieldName }, args, deps),
  }),
  'Mutation.addPromotion': field({
    policy: ADMINS_ONLY,
    args: addPromotionArgsSchema,
    resolve: async ({ caller, fieldName, args }) => addPromotion({ caller, action: fieldName }, args, deps),
  }),
} satisfies FieldDeclarations;
