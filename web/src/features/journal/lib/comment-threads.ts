import type { JournalComment } from '../api/comment-events';

/** The answer a comment is on: the gamer and the question (the day is the page's). */
export const answerKey = (userId: string, questionSlug: string) => `${userId}/${questionSlug}`;

export interface CommentThread {
  comment: JournalComment;
  /** Oldest first. */
  replies: JournalComment[];
}

/**
 * The day's comments as threads under each answer (by answerKey), oldest first. A reply whose comment was deleted
 * (docs/journal.md: its replies stay) is shown as a thread of its own.
 */
export function threadsByAnswer(comments: readonly JournalComment[]): Map<string, CommentThread[]> {
  const ids = new Set(comments.map((comment) => comment.id));
  const oldestFirst = [...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const repliesTo = new Map<string, JournalComment[]>();
  for (const comment of oldestFirst) {
    if (comment.answerTo && ids.has(comment.answerTo)) repliesTo.set(comment.answerTo, [...(repliesTo.get(comment.answerTo) ?? []), comment]);
  }
  const threads = new Map<string, CommentThread[]>();
  for (const comment of oldestFirst) {
    if (comment.answerTo && ids.has(comment.answerTo)) continue;
    const key = answerKey(comment.userId, comment.questionSlug);
    threads.set(key, [...(threads.get(key) ?? []), { comment, replies: repliesTo.get(comment.id) ?? [] }]);
  }
  return threads;
}

/**
 * The day's comments after a subscription event (docs/journal.md): a deletion (deletedAt) removes it, a comment
 * already shown is an edit and replaces it, any other is new. Events of another day leave the list as it is.
 */
export function withCommentEvent(comments: readonly JournalComment[], event: JournalComment, date: string): JournalComment[] {
  if (event.date !== date) return [...comments];
  if (event.deletedAt) return comments.filter((comment) => comment.id !== event.id);
  if (comments.some((comment) => comment.id === event.id)) return comments.map((comment) => (comment.id === event.id ? event : comment));
  return [...comments, event];
}
