import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { fetchJournalComments, onJournalComment, type JournalComment } from '../api/journal-api';
import { withCommentEvent } from '../lib/comment-threads';

export interface JournalScope {
  teamId: string;
  date: string;
  /** A gamer's own journal: only the comments on his answers. */
  userId?: string;
}

const commentsKey = ({ teamId, date, userId }: JournalScope) => ['journal', 'comments', teamId, date, userId ?? 'all'] as const;

/**
 * The day's comments, kept current without a reload: every comment created, edited or deleted in the team arrives
 * over the subscription and is merged in. `onNewComment` hears new comments by others (the page reads them at once).
 */
export function useJournalComments(scope: JournalScope, viewerId: string, onNewComment: () => void) {
  const queryClient = useQueryClient();
  const comments = useQuery({ queryKey: commentsKey(scope), queryFn: () => fetchJournalComments(scope.teamId, scope.date, scope.userId) });

  const { teamId, date, userId } = scope;
  useEffect(
    () =>
      onJournalComment(
        { teamId, userId },
        {
          next: (event) => {
            queryClient.setQueryData<JournalComment[]>(
              commentsKey({ teamId, date, userId }),
              (shown) => shown && withCommentEvent(shown, event, date),
            );
            if (event.authorId !== viewerId && !event.deletedAt && event.createdAt === event.updatedAt) onNewComment();
          },
        },
      ),
    [teamId, date, userId, viewerId, onNewComment, queryClient],
  );

  /** Shows the result of one's own call at once (its event, arriving later, changes nothing more). */
  const apply = useCallback(
    (event: JournalComment): void => {
      queryClient.setQueryData<JournalComment[]>(commentsKey({ teamId, date, userId }), (shown) => withCommentEvent(shown ?? [], event, date));
    },
    [queryClient, teamId, date, userId],
  );
  return { comments, apply };
}
