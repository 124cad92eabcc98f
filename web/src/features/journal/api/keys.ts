/** The journal's query keys: a day's members and comments, and the signed-in user's unread notifications. */
export const journalKeys = {
  all: ['journal'] as const,
  /** A day's check-ins: every member's, or one gamer's own (`ownOnly`, his user id). */
  members: (teamId: string, date: string, ownOnly: string | undefined) => [...journalKeys.all, 'members', teamId, date, ownOnly ?? 'all'] as const,
  /** A day's comments: every gamer's, or one gamer's (`userId`). */
  comments: ({ teamId, date, userId }: { teamId: string; date: string; userId?: string }) =>
    [...journalKeys.all, 'comments', teamId, date, userId ?? 'all'] as const,
  notifications: (userId: string) => [...journalKeys.all, 'notifications', userId] as const,
  /** The comments on the signed-in gamer's own days, newest first (his view of the journal). */
  ownComments: (userId: string) => [...journalKeys.all, 'own-comments', userId] as const,
  /** The signed-in user's days of a team with unread comments. */
  unreadDays: (userId: string, teamId: string) => [...journalKeys.all, 'unread-days', userId, teamId] as const,
};
