import { MemberStatisticsPage } from '@/features/team-analytics/components/member-statistics-page';
import { TeamAnalyticsPage } from '@/features/team-analytics/components/team-analytics-page';

/** /home/my-team/statistics/: the selected team's analytics (director, coaches, admins). */
export function TeamAnalyticsRoute() {
  return <TeamAnalyticsPage />;
}

/** /home/my-team/statistics/:id: one member's statistics (the team's staff, admins, and the member himself). */
export function MemberStatisticsRoute() {
  return <MemberStatisticsPage />;
}
