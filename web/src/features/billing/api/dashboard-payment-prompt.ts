import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, gqlOperation } from '@/lib/api-client';

/** The billing feature's query keys. */
const billingKeys = {
  all: ['billing'] as const,
  dashboardPaymentPrompt: (userId: string) => [...billingKeys.all, 'dashboard-payment-prompt', userId] as const,
};

const dashboardPaymentPromptQuery = gqlOperation(/* GraphQL */ `
  query DashboardPaymentPrompt {
    dashboardPaymentPrompt
  }
`);

/** After login: whether the signed-in director has active payments but none for a team dashboard (asked once). */
const dashboardPaymentPromptQueryOptions = (userId: string, { enabled }: { enabled: boolean }) =>
  queryOptions({
    queryKey: billingKeys.dashboardPaymentPrompt(userId),
    queryFn: async (): Promise<boolean> => (await callApi(dashboardPaymentPromptQuery)).dashboardPaymentPrompt,
    enabled,
    staleTime: Infinity,
  });

export const useDashboardPaymentPrompt = (userId: string, options: { enabled: boolean }) =>
  useQuery(dashboardPaymentPromptQueryOptions(userId, options));
