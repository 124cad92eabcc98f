/**
 * The journal's live comments (schema.graphql `onJournalComment`; docs/journal.md, live updates). Every comment
 * mutation selects the same fields as the subscription (JournalComment; SameSelection in ./comments.ts checks it):
 * AppSync filters a subscription on the mutation's selected fields (teamId, userId) and delivers only what the mutation
 * selected.
 */
import type { OnJournalCommentSubscription } from '@/gql/graphql';
import { gqlOperation, subscribeApi, type ApiError } from '@/lib/api-client';

/** A comment as the subscription delivers it: what every comment mutation selects. */
export type JournalComment = NonNullable<OnJournalCommentSubscription['onJournalComment']>;

const commentEvents = gqlOperation(/* GraphQL */ `
  subscription OnJournalComment($teamId: ID!, $userId: ID) {
    onJournalComment(teamId: $teamId, userId: $userId) {
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

/** Every comment created, edited or deleted in the team (a gamer's: on his own answers); returns the close function. */
export function onJournalComment(
  filter: { teamId: string; userId?: string },
  handlers: { next: (comment: JournalComment) => void; error?: (error: ApiError) => void },
): () => void {
  return subscribeApi(commentEvents, filter, {
    next: (data) => {
      if (data.onJournalComment) handlers.next(data.onJournalComment);
    },
    error: handlers.error,
  });
}
