/**
 * The recipient's answer from a recap e-mail (schema.graphql; docs/recap.md, "The landing page"): public, with the
 * public token. Who may call it is in core/policy.ts.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportAcceptance } from '@core/report-sharing';
import type { ActivateShareFgScoreMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { reportSharingKeys } from './keys';

type ShareActivation = ActivateShareFgScoreMutation['activateShareFGScore'];

const activateShareMutation = gqlOperation(/* GraphQL */ `
  mutation ActivateShareFGScore($shareId: ID!, $acceptance: ReportAcceptance!) {
    activateShareFGScore(shareId: $shareId, acceptance: $acceptance) {
      shareId
      status
      frequency
      gamerName
    }
  }
`);

/** From a recap e-mail's link, signed out: always with the public token. */
const activateShare = async (shareId: string, acceptance: ReportAcceptance): Promise<ShareActivation> =>
  (await callApi(activateShareMutation, { shareId, acceptance }, { authMode: 'public' })).activateShareFGScore;

/** Applied once per link: never retried, never read again, kept for the page's life (no valid id, nothing is sent). */
const shareActivationOptions = (shareId: string | undefined, acceptance: ReportAcceptance) =>
  queryOptions({
    queryKey: reportSharingKeys.activation(shareId, acceptance),
    queryFn: () => activateShare(shareId!, acceptance),
    enabled: shareId !== undefined,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Applies a recap e-mail link's answer for share `shareId` (undefined when the link's id is not valid). */
export const useShareActivation = (shareId: string | undefined, acceptance: ReportAcceptance) =>
  useQuery(shareActivationOptions(shareId, acceptance));
