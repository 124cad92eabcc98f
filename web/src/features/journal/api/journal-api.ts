/**
 * The journal operations the web app calls (schema.graphql; docs/journal.md says who may call each and what it does).
 * Every comment mutation selects COMMENT_FIELDS, the same fields the subscription selects: AppSync filters a
 * subscription on the mutation's selected fields (teamId, userId) and delivers only what the mutation selected.
 */
import { callApi, gqlOperation, subscribeApi, type ApiError } from '@/lib/api-client';

export interface JournalComment {
  id: string;
  teamId: string;
  /** The gamer whose answer it is on. */
  userId: string;
  date: string;
  pillarSlug: string;
  questionSlug: string;
  /** Plain text as typed: shown as text, never as HTML. */
  content: string;
  answerTo: string | null;
  authorId: string;
  user: { id: string; fullName: string | null; avatar: string | null } | null;
  createdAt: string;
  updatedAt: string;
  /** Set only on a deletion's event. */
  deletedAt: string | null;
}

export interface JournalAnswer {
  questionSlug: string;
  pillarSlug: string | null;
  value: string;
  score: number | null;
}

export interface JournalMember {
  userId: string;
  fullName: string | null;
  avatar: string | null;
  checkedIn: boolean;
  answers: JournalAnswer[];
}

const COMMENT_FIELDS = /* GraphQL */ `
  id teamId userId date pillarSlug questionSlug content answerTo authorId
  user { id fullName avatar }
  createdAt updatedAt deletedAt
`;

const teamJournalQuery = gqlOperation<{ teamJournal: JournalMember[] }, { teamId: string; date: string }>(/* GraphQL */ `
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

const ownAnswersQuery = gqlOperation<{ userAnswers: JournalAnswer[] }, { userId: string; date: string }>(/* GraphQL */ `
  query OwnJournalAnswers($userId: ID!, $date: AWSDate!) {
    userAnswers(userId: $userId, startDate: $date, endDate: $date) {
      questionSlug
      pillarSlug
      value
      score
    }
  }
`);

const journalCommentsQuery = gqlOperation<{ getJournalComments: JournalComment[] }, { teamId: string; date: string; userId?: string }>(/* GraphQL */ `
  query JournalComments($teamId: ID!, $date: AWSDate!, $userId: ID) {
    getJournalComments(teamId: $teamId, date: $date, userId: $userId) { ${COMMENT_FIELDS} }
  }
`);

/** `createComment`'s arguments: the answer (gamer, day, question), the text, and for a reply the comment it answers. */
export type NewComment = Pick<JournalComment, 'teamId' | 'userId' | 'date' | 'pillarSlug' | 'questionSlug' | 'content'> & { answerTo?: string };

const createCommentMutation = gqlOperation<{ createComment: JournalComment }, NewComment>(/* GraphQL */ `
  mutation CreateComment($teamId: ID!, $userId: ID!, $date: AWSDate!, $pillarSlug: String!, $questionSlug: String!, $content: String!, $answerTo: ID) {
    createComment(teamId: $teamId, userId: $userId, date: $date, pillarSlug: $pillarSlug, questionSlug: $questionSlug, content: $content, answerTo: $answerTo) { ${COMMENT_FIELDS} }
  }
`);

const updateCommentMutation = gqlOperation<{ updateComment: JournalComment }, { data: { id: string; content: string } }>(/* GraphQL */ `
  mutation UpdateComment($data: UpdateCommentInput!) {
    updateComment(data: $data) { ${COMMENT_FIELDS} }
  }
`);

const deleteCommentMutation = gqlOperation<{ deleteComment: JournalComment }, { id: string }>(/* GraphQL */ `
  mutation DeleteComment($id: ID!) {
    deleteComment(id: $id) { ${COMMENT_FIELDS} }
  }
`);

const commentEvents = gqlOperation<{ onJournalComment: JournalComment | null }, { teamId: string; userId?: string }>(/* GraphQL */ `
  subscription OnJournalComment($teamId: ID!, $userId: ID) {
    onJournalComment(teamId: $teamId, userId: $userId) { ${COMMENT_FIELDS} }
  }
`);

export interface TeamUnread {
  teamId: string;
  unread: number;
}

const teamNotificationsQuery = gqlOperation<{ teamNotifications: TeamUnread[] }>(/* GraphQL */ `
  query TeamNotifications {
    teamNotifications {
      teamId
      unread
    }
  }
`);

const clearNotificationsMutation = gqlOperation<{ clearTeamNotifications: TeamUnread }, { teamId: string }>(/* GraphQL */ `
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
