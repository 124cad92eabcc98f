import { CouponReportPage } from '@/features/admin-money/components/coupon-report-page';
import { PaymentsPage } from '@/features/admin-money/components/payments-page';
import { PromotionPage } from '@/features/admin-money/components/promotion-page';

/** /home/payments/: payments, their stats and Add Payment (admins). */
export function PaymentsRoute() {
  return <PaymentsPage />;
}

/** /home/promotion/: promotion codes from a CSV file (admins). */
export function PromotionRoute() {
  return <PromotionPage />;
}

/** /home/user-performance/: gamers by coupon (admins). */
export function UserPerformanceRoute() {
  return <CouponReportPage kind="gamers" />;
}

/** /home/teams-performance/: teams by coupon (admins). */
export function TeamsPerformanceRoute() {
  return <CouponReportPage kind="teams" />;
}
