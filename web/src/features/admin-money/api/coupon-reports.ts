import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GamersFromCouponQuery, TeamsFromCouponQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import type { ReportKind } from '../lib/report-rows';
import { adminMoneyKeys, type ReportWindow } from './keys';

export type GamerReport = GamersFromCouponQuery['getGamersFromCoupon'][number];
export type TeamReport = TeamsFromCouponQuery['getTeamsFromCoupon'][number];

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

const getGamersFromCoupon = async (window: ReportWindow) => (await callApi(gamersQuery, window)).getGamersFromCoupon;
const getTeamsFromCoupon = async (window: ReportWindow) => (await callApi(teamsQuery, { ...window, game: null })).getTeamsFromCoupon;

/** A coupon's report by day (gamers or teams); the previous report stays shown while the next loads. */
const couponReportQueryOptions = (kind: ReportKind, window: ReportWindow, { enabled }: { enabled: boolean }) =>
  queryOptions({
    queryKey: adminMoneyKeys.couponReport(kind, window),
    queryFn: async (): Promise<(GamerReport | TeamReport)[]> => (kind === 'gamers' ? getGamersFromCoupon(window) : getTeamsFromCoupon(window)),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useCouponReport = (kind: ReportKind, window: ReportWindow, options: { enabled: boolean }) =>
  useQuery(couponReportQueryOptions(kind, window, options));
