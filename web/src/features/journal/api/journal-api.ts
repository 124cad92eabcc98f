/**
 * The journal operations the web app calls (schema.graphql; docs/journal.md says who may call each and what it does).
 * Every comment mutation selects the same fields as the subscription (JournalComment; SameSelection below checks it):
 * AppSync filters a subscription on the mutation's selected fields (teamId, userId) and delivers only what the mutation
 * selected.
 */
import type {
  CreateCommentMutation,
  DeleteCommentMutation,
  OnJournalCommentSubscription,
  TeamJournalQuery,
  TeamNotificationsQuery,
  UpdateCommentMutation,
} from '@/gql/graphql';
import { callApi, gqlOperation, subscribeApi, type ApiError } from '@/lib/api-client';

/** A comment as the subscription delivers it: what every comment mutation selects. */
export type JournalComment = NonNullable<OnJournalCommentSubscription['onJournalComment']>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** Fails typecheck when a comment mutation selects other fields than the subscription. */
export type SameSelection =
  | Holds<Same<CreateCommentMutation['createComment'], JournalComment>>
  | Holds<Same<UpdateCommentMutation['updateComment'], JournalComment>>
  | Holds<Same<DeleteCommentMutation['deleteComment'], JournalComment>>;

export type JournalAnswer = JournalMember['answers'][number];

export type JournalMember = TeamJournalQuery['teamJournal'][number];

const teamJournalQuery = gqlOperation(/* GraphQL */ `
  query TeamJournal($teamId: ID!, $date: AWSDate!) {
    teamJournal(teamId: $teamId, date: $date) {
      userId
      fullName
      avatar
      checkedIn
      answers {
        questionSlug
        pillarSlug
        value
        score
      }
    }
  }
`);

const ownAnswersQuery = gqlOperation(/* GraphQL */ `
  query OwnJournalAnswers($userId: ID!, $date: AWSDate!) {
    userAnswers(userId: $userId, startDate: $date, endDate: $date) {
      questionSlug
      pillarSlug
      value
      score
    }
  }
`);

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
export type NewComment = Pick<JournalComment, 'teamId' | 'userId' | 'date' | 'pillarSlug' | 'questionSlug' | 'content'> & { answerTo?: string };

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

export type TeamUnread = TeamNotificationsQuery['teamNotifications'][number];

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

export const fetchTeamJournal = async (teamId: string, date: string) => (await callApi(teamJournalQuery, { teamId, date })).teamJournal;

export const fetchOwnAnswers = async (userId: string, date: string) => (await callApi(ownAnswersQuery, { userId, date })).userAnswers;

/** The day's comments and replies, oldest first: every gamer's, or one gamer's (`userId`). */
export const fetchJournalComments = async (teamId: string, date: string, userId?: string) =>
  (await callApi(journalCommentsQuery, { teamId, date, userId })).getJournalComments;

export const createComment = async (comment: NewComment) => (await callApi(createCommentMutation, comment)).createComment;

export const updateComment = async (id: string, content: string) => (await callApi(updateCommentMutation, { data: { id, content } })).updateComment;

export const deleteComment = async (id: string) => (await callApi(deleteCommentMutation, { id })).deleteComment;

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

export const fetchTeamNotifications = async () => (await callApi(teamNotificationsQuery)).teamNotifications;

export const clearTeamNotifications = async (teamId: string) => (await callApi(clearNotificationsMutation, { teamId })).clearTeamNotifications;
