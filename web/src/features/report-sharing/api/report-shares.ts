/**
 * The gamer's report shares (schema.graphql; docs/recap.md, "The gamer's page"): whom he shares with, a new share and
 * stopping one. Who may call each is in core/policy.ts.
 */
import { queryOptions, useMutation, type UseMutationOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportFrequency, ShareRequest } from '@core/report-sharing';
import type { MyReportSharesQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { reportSharingKeys } from './keys';

export type ReportShare = MyReportSharesQuery['myReportShares'][number];

const myReportSharesQuery = gqlOperation(/* GraphQL */ `
  query MyReportShares {
    myReportShares {
      id
      email
      status
      frequency
      createdAt
      lastSentAt
      nextReportAt
    }
  }
`);

const updateShareMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateShareFGScore($email: String!, $status: ReportShareStatus!, $frequency: ReportFrequency!) {
    updateShareFGScore(email: $email, status: $status, frequency: $frequency) {
      id
      email
      status
      frequency
      createdAt
      lastSentAt
      nextReportAt
    }
  }
`);

const myReportShares = async (): Promise<ReportShare[]> => (await callApi(myReportSharesQuery)).myReportShares;

const updateShare = async (email: string, status: ShareRequest, frequency: ReportFrequency): Promise<ReportShare> =>
  (await callApi(updateShareMutation, { email, status, frequency })).updateShareFGScore;

const myReportSharesOptions = () => queryOptions({ queryKey: reportSharingKeys.shares(), queryFn: myReportShares });

/** The gamer's shares. */
export const useMyReportShares = () => useQuery(myReportSharesOptions());

/** A mutation's callbacks from the page (toasts, the form, the dialog); the hook adds reading the shares again. */
type MutationConfig<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

interface ShareVariables {
  email: string;
  frequency: ReportFrequency;
}

/**
 * Shares the reports with an address: the page's onSuccess runs first, then the shares are read again, before the
 * returned promise settles. Sent whatever the browser thinks of the connection (networkMode always), so an offline
 * attempt fails at once and says so rather than waiting.
 */
export function useShareReports({ onSuccess, ...config }: MutationConfig<ReportShare, ShareVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    ...config,
    mutationFn: ({ email, frequency }: ShareVariables) => updateShare(email, 'ACTIVE', frequency),
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: reportSharingKeys.shares() });
    },
  });
}

/** Stops sharing with `share`'s address: the page's onSuccess runs first, then the shares are read again. */
export function useStopSharing(share: ReportShare, { onSuccess, ...config }: MutationConfig<ReportShare, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => updateShare(share.email, 'STOPPED', share.frequency),
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: reportSharingKeys.shares() });
    },
  });
}
