/**
 * The report-sharing operations (schema.graphql; docs/recap.md, "Sharing"): the gamer's shares, and the recipient's
 * answer from the recap e-mail, which is public (the public token). Who may call each is in core/policy.ts;
 * docs/recap.md says more.
 */
import type { ReportAcceptance, ReportFrequency, ShareRequest, ShareStatus } from '@core/report-sharing';
import { callApi, gqlOperation } from '@/lib/api-client';

export interface ReportShare {
  id: string;
  email: string;
  status: ShareStatus | 'STOPPED';
  frequency: ReportFrequency;
  createdAt: string;
  lastSentAt: string | null;
  nextReportAt: string;
}

export interface ShareActivation {
  shareId: string;
  status: ShareStatus;
  frequency: ReportFrequency;
  gamerName: string;
}

const SHARE_FIELDS = 'id email status frequency createdAt lastSentAt nextReportAt';

const myReportSharesQuery = gqlOperation<{ myReportShares: ReportShare[] }>(/* GraphQL */ `
  query MyReportShares { myReportShares { ${SHARE_FIELDS} } }
`);

const updateShareMutation = gqlOperation<
  { updateShareFGScore: ReportShare },
  { email: string; status: ShareRequest; frequency: ReportFrequency }
>(/* GraphQL */ `
  mutation UpdateShareFGScore($email: String!, $status: ReportShareStatus!, $frequency: ReportFrequency!) {
    updateShareFGScore(email: $email, status: $status, frequency: $frequency) { ${SHARE_FIELDS} }
  }
`);

const activateShareMutation = gqlOperation<{ activateShareFGScore: ShareActivation }, { shareId: string; acceptance: ReportAcceptance }>(
  /* GraphQL */ `
    mutation ActivateShareFGScore($shareId: ID!, $acceptance: ReportAcceptance!) {
      activateShareFGScore(shareId: $shareId, acceptance: $acceptance) {
        shareId
        status
        frequency
        gamerName
      }
    }
  `,
);

export const myReportShares = async (): Promise<ReportShare[]> => (await callApi(myReportSharesQuery)).myReportShares;

export const updateShare = async (email: string, status: ShareRequest, frequency: ReportFrequency): Promise<ReportShare> =>
  (await callApi(updateShareMutation, { email, status, frequency })).updateShareFGScore;

/** From a recap e-mail's link, signed out: always with the public token. */
export const activateShare = async (shareId: string, acceptance: ReportAcceptance): Promise<ShareActivation> =>
  (await callApi(activateShareMutation, { shareId, acceptance }, { authMode: 'public' })).activateShareFGScore;
