import type { PaymentWhere } from '@core/billing/admin-validation';
import type { ReportKind } from '../lib/report-rows';

/** A payments page as the table asks for it. */
export interface PaymentsPage {
  pageIndex: number;
  pageSize: number;
}

/** The coupon a report is for and its window of days. */
export type ReportWindow = { couponId: string; startDate: string; endDate: string };

/** The money pages' query keys. */
export const adminMoneyKeys = {
  payments: ['admin-payments'] as const,
  paymentsPage: (where: PaymentWhere, page: PaymentsPage) => [...adminMoneyKeys.payments, where, page] as const,
  couponReports: ['coupon-report'] as const,
  couponReport: (kind: ReportKind, window: ReportWindow) => [...adminMoneyKeys.couponReports, kind, window] as const,
};
