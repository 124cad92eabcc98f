import type { WindowChoice } from '@/components/charts/chart-data';
import { SCORES_QUERY_KEY } from '@/lib/query-client';

/**
 * The team analytics' query keys. The score reads sit under SCORES_QUERY_KEY, so a check-in refreshes them with every
 * other score read; a team's live updates invalidate `team` and `teamMembers` (every window at once).
 */
export const teamAnalyticsKeys = {
  team: (teamId: string) => [...SCORES_QUERY_KEY, 'team', teamId] as const,
  teamStatistics: (teamId: string, choice: WindowChoice) => [...teamAnalyticsKeys.team(teamId), choice] as const,
  teamMembers: (teamId: string) => [...SCORES_QUERY_KEY, 'team-members', teamId] as const,
  teamMemberScores: (teamId: string, choice: WindowChoice) => [...teamAnalyticsKeys.teamMembers(teamId), choice] as const,
  memberStatistics: (userId: string, choice: WindowChoice) => [...SCORES_QUERY_KEY, 'member', userId, choice] as const,
  memberName: (teamId: string | null, userId: string) => ['team', teamId, 'member-name', userId] as const,
};
