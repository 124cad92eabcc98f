import type { PaymentWhere } from '@core/billing/admin-validation';
import type { AddPromotionMutation, AdminPaymentsQuery, GamersFromCouponQuery, TeamsFromCouponQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

/** A payment as the admin table shows it (schema.graphql Payment). */
export type Payment = AdminPaymentsQuery['findManyPayments'][number];

export type PaymentStats = AdminPaymentsQuery['getPaymentStats'];

const paymentsQuery = gqlOperation(/* GraphQL */ `
  query AdminPayments($where: PaymentWhereInput, $take: Int, $skip: Int) {
    findManyPayments(where: $where, take: $take, skip: $skip) {
      id
      method
      coupon
      productId
      paymentFrequency
      status
      createdAt
      endSubscriptionAt
      User {
        id
        email
        role
      }
      SubscriptionConfig {
        name
      }
    }
    aggregatePayments(where: $where) {
      count
    }
    getPaymentStats(where: $where) {
      coupons {
        coupon
        count
      }
      paymentMethods {
        method
        count
      }
      extra {
        teamInvites
        newSubscriptions
      }
    }
  }
`);

/** One page of the payments matching the filter, newest first, with their count and statistics. */
export async function getPayments(where: PaymentWhere, page: { take: number; skip: number }) {
  const data = await callApi(paymentsQuery, { where, ...page });
  return { payments: data.findManyPayments, count: data.aggregatePayments.count, stats: data.getPaymentStats };
}

const createPaymentMutation = gqlOperation(/* GraphQL */ `
  mutation CreatePayment($data: CreatePaymentInput!) {
    createPayment(data: $data) {
      id
      method
      coupon
      productId
      paymentFrequency
      status
      createdAt
      endSubscriptionAt
      User {
        id
        email
        role
      }
      SubscriptionConfig {
        name
      }
    }
  }
`);

export async function createPayment(data: { email: string; paymentFrequency: 'monthly' | 'yearly' }): Promise<Payment> {
  return (await callApi(createPaymentMutation, { data })).createPayment;
}

export type CreatedPromotion = AddPromotionMutation['addPromotion'];

const addPromotionMutation = gqlOperation(/* GraphQL */ `
  mutation AddPromotion($file: PromotionFileInput!, $promotionName: String!, $platform: PromotionPlatform!) {
    addPromotion(file: $file, promotionName: $promotionName, platform: $platform) {
      id
      promotionName
      codeCount
    }
  }
`);

/** The file's bytes in base64, as addPromotion takes them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

export async function addPromotion(file: File, promotionName: string, platform: string): Promise<CreatedPromotion> {
  return (await callApi(addPromotionMutation, { file: { name: file.name, content: await base64Of(file) }, promotionName, platform })).addPromotion;
}

export type ReportPoint = GamerReport['points'][number];
export type GamerReport = GamersFromCouponQuery['getGamersFromCoupon'][number];
export type TeamReport = TeamsFromCouponQuery['getTeamsFromCoupon'][number];

type ReportWindow = { couponId: string; startDate: string; endDate: string };

const gamersQuery = gqlOperation(/* GraphQL */ `
  query GamersFromCoupon($couponId: String!, $startDate: AWSDate!, $endDate: AWSDate!) {
    getGamersFromCoupon(couponId: $couponId, startDate: $startDate, endDate: $endDate) {
      userId
      userEmail
      points {
        date
        value
      }
    }
  }
`);
const teamsQuery = gqlOperation(/* GraphQL */ `
  query TeamsFromCoupon($couponId: String!, $game: String, $startDate: AWSDate!, $endDate: AWSDate!) {
    getTeamsFromCoupon(couponId: $couponId, game: $game, startDate: $startDate, endDate: $endDate) {
      teamId
      teamName
      points {
        date
        value
      }
    }
  }
`);

export const getGamersFromCoupon = async (window: ReportWindow) => (await callApi(gamersQuery, window)).getGamersFromCoupon;
export const getTeamsFromCoupon = async (window: ReportWindow) => (await callApi(teamsQuery, { ...window, game: null })).getTeamsFromCoupon;
