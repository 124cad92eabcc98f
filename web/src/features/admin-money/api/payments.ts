import type { PaymentWhere } from '@core/billing/admin-validation';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminPaymentsQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { adminMoneyKeys, type PaymentsPage } from './keys';

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
      productPrice
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
async function getPayments(where: PaymentWhere, page: { take: number; skip: number }) {
  const data = await callApi(paymentsQuery, { where, ...page });
  return { payments: data.findManyPayments, count: data.aggregatePayments.count, stats: data.getPaymentStats };
}

/** The table's page of the filtered payments; the previous page stays shown while the next loads. */
const paymentsQueryOptions = (where: PaymentWhere, page: PaymentsPage, { enabled }: { enabled: boolean }) =>
  queryOptions({
    queryKey: adminMoneyKeys.paymentsPage(where, page),
    queryFn: () => getPayments(where, { take: page.pageSize, skip: page.pageIndex * page.pageSize }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const usePayments = (where: PaymentWhere, page: PaymentsPage, options: { enabled: boolean }) =>
  useQuery(paymentsQueryOptions(where, page, options));

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
      productPrice
    }
  }
`);

/**
 * Add Payment: the payments page refetches its table itself once added. Like a plain call, it fails at once without a
 * connection (networkMode 'always') rather than waiting for one.
 */
export const useCreatePayment = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: async (data: { email: string; paymentFrequency: 'monthly' | 'yearly' }): Promise<Payment> =>
      (await callApi(createPaymentMutation, { data })).createPayment,
  });
