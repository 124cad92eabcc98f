import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, type ReactNode } from 'react';
import { TeamNotificationsProvider } from '@/lib/team-notifications';
import { useViewer, type Viewer } from '@/lib/viewer';
import { clearTeamNotifications, fetchTeamNotifications, onJournalComment, type TeamUnread } from '../api/journal-api';

const notificationsKey = (userId: string) => ['journal', 'notifications', userId] as const;

/**
 * The journal's subscriptions the marker follows: the whole team where the viewer directs or coaches, his own
 * answers where he plays (docs/journal.md, live updates). One socket carries them all.
 */
function followedTeams(viewer: Viewer): { teamId: string; userId?: string }[] {
  const teams = viewer.teams;
  if (!teams) return [];
  const staff = new Set([...teams.owned, ...teams.coached].map((team) => team.id));
  const playing = teams.member.filter((team) => !staff.has(team.id)).map((team) => ({ teamId: team.id, userId: viewer.userId }));
  return [...[...staff].map((teamId) => ({ teamId })), ...playing];
}

/**
 * The signed-in user's unread journal notifications per team (`teamNotifications`), given to the sidebar's Journal
 * marker and the portals' red dots; read again whenever someone else comments in a team the user follows.
 */
export function JournalNotifications({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const userId = viewer?.userId ?? '';
  const counts = useQuery({
    queryKey: notificationsKey(userId),
    queryFn: fetchTeamNotifications,
    enabled: userId !== '',
    refetchOnWindowFocus: true,
  });

  // As a string: the viewer object changes more often than the teams it follows.
  const followedKey = JSON.stringify(viewer ? followedTeams(viewer) : []);
  useEffect(() => {
    const followed = JSON.parse(followedKey) as ReturnType<typeof followedTeams>;
    const closers = followed.map((filter) =>
      onJournalComment(filter, {
        next: (comment) => {
          // Only a new comment by someone else raises a count (edits and deletions change none).
          if (comment.authorId === userId || comment.deletedAt || comment.createdAt !== comment.updatedAt) return;
          void queryClient.invalidateQueries({ queryKey: notificationsKey(userId) });
        },
      }),
    );
    return () => closers.forEach((close) => close());
  }, [followedKey, userId, queryClient]);

  const unread = counts.data;
  const count = useCallback((teamId: string) => unread?.find((entry) => entry.teamId === teamId)?.unread ?? 0, [unread]);
  return <TeamNotificationsProvider value={count}>{children}</TeamNotificationsProvider>;
}

/** Opening a team's journal reads its notifications: the server's count goes to 0, and the marker with it. */
export function useClearTeamNotifications(teamId: string | null): () => void {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const userId = viewer?.userId ?? '';
  return useCallback(() => {
    if (!teamId || !userId) return;
    clearTeamNotifications(teamId).then(
      async () => {
        // A read still under way may have counted before the clear: it is dropped, not shown.
        await queryClient.cancelQueries({ queryKey: notificationsKey(userId) });
        queryClient.setQueryData<TeamUnread[]>(notificationsKey(userId), (entries) =>
          (entries ?? []).map((entry) => (entry.teamId === teamId ? { ...entry, unread: 0 } : entry)),
        );
      },
      // A failed clear leaves the marker; the next opening tries again.
      () => undefined,
    );
  }, [teamId, userId, queryClient]);
}
