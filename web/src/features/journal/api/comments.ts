/**
 * A day's comments under the journal's answers, and writing, editing and deleting them (schema.graphql; docs/journal.md
 * says who may call each and what it does).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { CreateCommentMutation, DeleteCommentMutation, UpdateCommentMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { withCommentEvent } from '../lib/comment-threads';
import { onJournalComment, type JournalComment } from './comment-events';
import { journalKeys } from './keys';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** Fails typecheck when a comment mutation selects other fields than the subscription; exported only to be compiled. @public */
export type SameSelection =
  | Holds<Same<CreateCommentMutation['createComment'], JournalComment>>
  | Holds<Same<UpdateCommentMutation['updateComment'], JournalComment>>
  | Holds<Same<DeleteCommentMutation['deleteComment'], JournalComment>>;

const journalCommentsQuery = gqlOperation(/* GraphQL */ `
  query JournalComments($teamId: ID!, $date: AWSDate!, $userId: ID) {
    getJournalComments(teamId: $teamId, date: $date, userId: $userId) {
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
      deletedAt
    }
  }
`);

/** `createComment`'s arguments: the answer (gamer, day, question), the text, and for a reply the comment it answers. */
type NewComment = Pick<JournalComment, 'teamId' | 'userId' | 'date' | 'pillarSlug' | 'questionSlug' | 'content'> & { answerTo?: string };

const createCommentMutation = gqlOperation(/* GraphQL */ `
  mutation CreateComment(
    $teamId: ID!
    $userId: ID!
    $date: AWSDate!
    $pillarSlug: String!
    $questionSlug: String!
    $content: String!
    $answerTo: ID
  ) {
    createComment(
      teamId: $teamId
      userId: $userId
      date: $date
      pillarSlug: $pillarSlug
      questionSlug: $questionSlug
      content: $content
      answerTo: $answerTo
    ) {
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
      deletedAt
    }
  }
`);

const updateCommentMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateComment($data: UpdateCommentInput!) {
    updateComment(data: $data) {
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
      deletedAt
    }
  }
`);

const deleteCommentMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteComment($id: ID!) {
    deleteComment(id: $id) {
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
      deletedAt
    }
  }
`);

/** The day's comments and replies, oldest first: every gamer's, or one gamer's (`userId`). */
const fetchJournalComments = async (teamId: string, date: string, userId?: string) =>
  (await callApi(journalCommentsQuery, { teamId, date, userId })).getJournalComments;

export const createComment = async (comment: NewComment) => (await callApi(createCommentMutation, comment)).createComment;

const updateComment = async (id: string, content: string) => (await callApi(updateCommentMutation, { data: { id, content } })).updateComment;

const deleteComment = async (id: string) => (await callApi(deleteCommentMutation, { id })).deleteComment;

interface JournalScope {
  teamId: string;
  date: string;
  /** A gamer's own journal: only the comments on his answers. */
  userId?: string;
}

const journalCommentsQueryOptions = (scope: JournalScope) =>
  queryOptions({ queryKey: journalKeys.comments(scope), queryFn: () => fetchJournalComments(scope.teamId, scope.date, scope.userId) });

/**
 * The day's comments, kept current without a reload: every comment created, edited or deleted in the team arrives
 * over the subscription and is merged in. `onNewComment` hears new comments by others on that day (the page reads them at once).
 */
export function useJournalComments(scope: JournalScope, viewerId: string, onNewComment: () => void) {
  const queryClient = useQueryClient();
  const comments = useQuery(journalCommentsQueryOptions(scope));

  const { teamId, date, userId } = scope;
  useEffect(
    () =>
      onJournalComment(
        { teamId, userId },
        {
          next: (event) => {
            queryClient.setQueryData<JournalComment[]>(
              journalKeys.comments({ teamId, date, userId }),
              (shown) => shown && withCommentEvent(shown, event, date),
            );
            // Only a new comment by someone else on the day shown: the page shows it, so it is read.
            if (event.date === date && event.authorId !== viewerId && !event.deletedAt && event.createdAt === event.updatedAt) onNewComment();
          },
        },
      ),
    [teamId, date, userId, viewerId, onNewComment, queryClient],
  );
  return comments;
}

/**
 * Writing, editing and deleting comments of the day's scope; each resolves once its result is shown (its event,
 * arriving later, changes nothing more) and rejects with the server's message.
 */
export function useCommentChanges({ teamId, date, userId }: JournalScope) {
  const queryClient = useQueryClient();
  /** Shows the result of one's own call at once. */
  const apply = useCallback(
    (event: JournalComment): void => {
      queryClient.setQueryData<JournalComment[]>(journalKeys.comments({ teamId, date, userId }), (shown) =>
        withCommentEvent(shown ?? [], event, date),
      );
    },
    [queryClient, teamId, date, userId],
  );
  const { mutateAsync: create } = useMutation({ mutationFn: createComment, onSuccess: apply });
  const { mutateAsync: update } = useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => updateComment(id, content),
    onSuccess: apply,
  });
  const { mutateAsync: remove } = useMutation({ mutationFn: deleteComment, onSuccess: apply });
  return useMemo(
    () => ({
      create: async (comment: NewComment) => void (await create(comment)),
      update: async (id: string, content: string) => void (await update({ id, content })),
      remove: async (id: string) => void (await remove(id)),
    }),
    [create, update, remove],
  );
}
