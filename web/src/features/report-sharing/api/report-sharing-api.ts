/**
 * The report-sharing operations (schema.graphql; docs/recap.md, "Sharing"): the gamer's shares, and the recipient's
 * answer from the recap e-mail, which is public (the public token). Who may call each is in core/policy.ts;
 * docs/recap.md says more.
 */
import type { ReportAcceptance, ReportFrequency, ShareRequest } from '@core/report-sharing';
import type { ActivateShareFgScoreMutation, MyReportSharesQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

export type ReportShare = MyReportSharesQuery['myReportShares'][number];

export type ShareActivation = ActivateShareFgScoreMutation['activateShareFGScore'];

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

export const myReportShares = async (): Promise<ReportShare[]> => (await callApi(myReportSharesQuery)).myReportShares;

export const updateShare = async (email: string, status: ShareRequest, frequency: ReportFrequency): Promise<ReportShare> =>
  (await callApi(updateShareMutation, { email, status, frequency })).updateShareFGScore;

/** From a recap e-mail's link, signed out: always with the public token. */
export const activateShare = async (shareId: string, acceptance: ReportAcceptance): Promise<ShareActivation> =>
  (await callApi(activateShareMutation, { shareId, acceptance }, { authMode: 'public' })).activateShareFGScore;
