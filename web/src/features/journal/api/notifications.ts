/**
 * The signed-in user's unread journal notifications per team (`teamNotifications`), read again whenever someone else
 * comments in a team the user follows, and cleared when he opens a team's journal.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { TeamNotificationsQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { useViewer, type Viewer } from '@/lib/viewer';
import { onJournalComment } from './comment-events';
import { journalKeys } from './keys';

type TeamUnread = TeamNotificationsQuery['teamNotifications'][number];

const teamNotificationsQuery = gqlOperation(/* GraphQL */ `
  query TeamNotifications {
    teamNotifications {
      teamId
      unread
    }
  }
`);

const clearNotificationsMutation = gqlOperation(/* GraphQL */ `
  mutation ClearTeamNotifications($teamId: ID!) {
    clearTeamNotifications(teamId: $teamId) {
      teamId
      unread
    }
  }
`);

const journalUnreadDaysQuery = gqlOperation(/* GraphQL */ `
  query JournalUnreadDays($teamId: ID!) {
    journalUnreadDays(teamId: $teamId) {
      date
      unread
    }
  }
`);

const readJournalDayMutation = gqlOperation(/* GraphQL */ `
  mutation ReadJournalDay($teamId: ID!, $date: AWSDate!) {
    readJournalDay(teamId: $teamId, date: $date) {
      teamId
      unread
    }
  }
`);

const fetchTeamNotifications = async () => (await callApi(teamNotificationsQuery)).teamNotifications;

const clearTeamNotifications = async (teamId: string) => (await callApi(clearNotificationsMutation, { teamId })).clearTeamNotifications;

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

const teamNotificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: journalKeys.notifications(userId),
    queryFn: fetchTeamNotifications,
    enabled: userId !== '',
    refetchOnWindowFocus: true,
  });

/** The viewer's unread counts per team, read again when someone else comments in a team he follows. */
export function useTeamNotifications(viewer: Viewer | null) {
  const queryClient = useQueryClient();
  const userId = viewer?.userId ?? '';
  const counts = useQuery(teamNotificationsQueryOptions(userId));

  // As a string: the viewer object changes more often than the teams it follows.
  const followedKey = JSON.stringify(viewer ? followedTeams(viewer) : []);
  useEffect(() => {
    const followed = JSON.parse(followedKey) as ReturnType<typeof followedTeams>;
    const closers = followed.map((filter) =>
      onJournalComment(filter, {
        next: (comment) => {
          // Only a new comment by someone else raises a count (edits and deletions change none).
          if (comment.authorId === userId || comment.deletedAt || comment.createdAt !== comment.updatedAt) return;
          void queryClient.invalidateQueries({ queryKey: journalKeys.notifications(userId) });
        },
      }),
    );
    return () => closers.forEach((close) => close());
  }, [followedKey, userId, queryClient]);

  return counts;
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
        await queryClient.cancelQueries({ queryKey: journalKeys.notifications(userId) });
        queryClient.setQueryData<TeamUnread[]>(journalKeys.notifications(userId), (entries) =>
          (entries ?? []).map((entry) => (entry.teamId === teamId ? { ...entry, unread: 0 } : entry)),
        );
      },
      // A failed clear leaves the marker; the next opening tries again.
      () => undefined,
    );
  }, [teamId, userId, queryClient]);
}

/** The viewer's days of the team with unread comments, newest first: the journal opens on the first. */
export function useUnreadDays(teamId: string) {
  const userId = useViewer()?.userId ?? '';
  return useQuery({
    queryKey: journalKeys.unreadDays(userId, teamId),
    queryFn: async () => (await callApi(journalUnreadDaysQuery, { teamId })).journalUnreadDays,
    // Read once when the journal opens: the days read while it is open are taken out as they are shown.
    staleTime: Infinity,
    enabled: userId !== '',
  });
}

/**
 * Marks read the comments of the team day the journal shows (not the team's other days): the server's count of the
 * day goes, the marker's count is the team's count left.
 */
export function useReadJournalDay(teamId: string): (date: string) => void {
  const userId = useViewer()?.userId ?? '';
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: async (date: string) => (await callApi(readJournalDayMutation, { teamId, date })).readJournalDay,
    onSuccess: async (left, date) => {
      queryClient.setQueryData<{ date: string; unread: number }[]>(journalKeys.unreadDays(userId, teamId), (days) =>
        days?.filter((day) => day.date !== date),
      );
      // A read still under way may have counted before this one: it is dropped, not shown.
      await queryClient.cancelQueries({ queryKey: journalKeys.notifications(userId) });
      queryClient.setQueryData<TeamUnread[]>(journalKeys.notifications(userId), (entries) =>
        (entries ?? []).map((entry) => (entry.teamId === teamId ? left : entry)),
      );
    },
  });
  return useCallback((date: string) => mutate(date), [mutate]);
}
