import { SCORES_QUERY_KEY } from '@/lib/query-client';

/** The portals' query keys: the team's own reads under ['teams', teamId], so entering a team refreshes them all. */
export const teamKeys = {
  all: ['teams'] as const,
  /** The team the user chose, restored from the server (one per signed-in user). */
  selected: (userId: string) => [...teamKeys.all, 'selected', userId] as const,
  /** The choice as saved on the server, asked for alongside `me`; under `selected`, so cancelling one cancels both. */
  savedSelection: (userId: string) => [...teamKeys.selected(userId), 'saved'] as const,
  team: (teamId: string) => [...teamKeys.all, teamId] as const,
  membersCount: (teamId: string) => [...teamKeys.team(teamId), 'members-count'] as const,
  receivedInvites: () => [...teamKeys.all, 'received-invites'] as const,
  /** Under the scores key, so a check-in refreshes the team scores too. */
  latestScore: (teamId: string) => [...SCORES_QUERY_KEY, 'team-latest', teamId] as const,
};
