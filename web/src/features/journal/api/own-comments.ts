/**
 * The gamer's view of the journal: the comments on his own days in the teams he plays in, newest first
 * (schema.graphql `myJournalComments`; docs/journal.md, "The gamer's view"), kept current by the journal's
 * subscription on his own answers, and his replies.
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MyJournalCommentsQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import type { Viewer } from '@/lib/viewer';
import { onJournalComment } from './comment-events';
import { createComment } from './comments';
import { journalKeys } from './keys';

export type OwnComment = MyJournalCommentsQuery['myJournalComments']['items'][number];

const myJournalCommentsQuery = gqlOperation(/* GraphQL */ `
  query MyJournalComments($take: Int, $cursor: String) {
    myJournalComments(take: $take, cursor: $cursor) {
      items {
        id
        teamId
        userId
        date
        pillarSlug
        questionSlug
        content
        answerTo
        authorId
        user {
          id
          fullName
          avatar
        }
        createdAt
        updatedAt
      }
      nextCursor
    }
  }
`);

/** Comments asked for at a time: the newest few on a card, more on demand. */
const OWN_COMMENTS_BATCH = 10;

const fetchOwnComments = async (cursor: string | null) =>
  (await callApi(myJournalCommentsQuery, { take: OWN_COMMENTS_BATCH, cursor })).myJournalComments;

const ownCommentsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: journalKeys.ownComments(userId),
    queryFn: ({ pageParam }) => fetchOwnComments(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * The comments on the viewer's own days, newest first, a batch at a time; read again whenever a comment on his
 * answers is written, changed or deleted in a team he plays in (the subscription a gamer may hold: his own answers).
 */
export function useOwnJournalComments(viewer: Viewer) {
  const queryClient = useQueryClient();
  const comments = useInfiniteQuery(ownCommentsQueryOptions(viewer.userId));
  // As a string: the viewer object changes more often than the teams he plays in.
  const playingKey = (viewer.teams?.member ?? []).map((team) => team.id).join(',');
  const { userId } = viewer;
  useEffect(() => {
    const closers = playingKey
      .split(',')
      .filter(Boolean)
      .map((teamId) =>
        onJournalComment({ teamId, userId }, { next: () => void queryClient.invalidateQueries({ queryKey: journalKeys.ownComments(userId) }) }),
      );
    return () => closers.forEach((close) => close());
  }, [playingKey, userId, queryClient]);
  return comments;
}

/** Replies to a comment on one's own day, in its thread (the thread's first comment), and shows it in the list. */
export function useReplyToOwnComment(userId: string) {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: ({ to, content }: { to: OwnComment; content: string }) =>
      createComment({
        teamId: to.teamId,
        userId: to.userId,
        date: to.date,
        pillarSlug: to.pillarSlug,
        questionSlug: to.questionSlug,
        content,
        answerTo: to.answerTo ?? to.id,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.ownComments(userId) }),
  });
  return async (to: OwnComment, content: string) => void (await mutateAsync({ to, content }));
}
