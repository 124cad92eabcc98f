import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  commentRecipients,
  type CreateCommentArgs,
  DEFAULT_OWN_COMMENTS_PAGE,
  type ownCommentsArgsSchema,
  type journalCommentsArgsSchema,
  type journalSubscriptionArgsSchema,
  type updateCommentArgsSchema,
} from '@core/journal';
import type { Caller } from '../lib/appsync';
import { NotFoundError, UnauthorizedError, ValidationError } from '../lib/errors';
import type { CommentRecord } from '../lib/stores/journal-store';
import type { TeamRecord } from '../lib/stores/team-store';
import { assertMayReadMember, commentTeamAccess, journalAccess, type JournalReader } from './access';
import type { JournalDeps } from './deps';

/**
 * Comments on gamers' answers (docs/journal.md, "Comments"). The team's director and coaches comment
 * on its gamers' answers; a gamer reads the comments on his own answers and replies to them; admins read. Content is
 * stored as typed and is plain text to every reader. The arguments come parsed, and the team of a field whose row
 * names one authorized, by ./fields.ts.
 */
interface CommentView extends CommentRecord {
  user: { id: string; fullName: string | null; avatar: string | null } | null;
  deletedAt?: string;
}

/** The comments with their authors' names and avatars. */
async function withAuthors(comments: CommentRecord[], users: JournalDeps['users']): Promise<CommentView[]> {
  const authors = new Map((await users.getMany(comments.map((comment) => comment.authorId))).map((user) => [user.id, user]));
  return comments.map((comment) => {
    const author = authors.get(comment.authorId);
    return { ...comment, user: author ? { id: author.id, fullName: author.fullName, avatar: author.avatar } : null };
  });
}

const withAuthor = async (comment: CommentRecord, users: JournalDeps['users']) => (await withAuthors([comment], users))[0]!;

async function existingComment(commentId: string, { journal }: JournalDeps): Promise<CommentRecord> {
  const comment = await journal.get(commentId);
  if (!comment) throw new NotFoundError('Comment not found.');
  return comment;
}

async function concernedBy(comment: CommentRecord, ownerId: string, { teams }: JournalDeps): Promise<string[]> {
  const coachIds = (await teams.membersOf(comment.teamId)).filter((member) => member.role === 'COACH').map((member) => member.userId);
  return commentRecipients({ gamerId: comment.userId, ownerId, coachIds, authorId: comment.authorId });
}

export async function createComment(caller: Caller, team: TeamRecord, input: CreateCommentArgs, deps: JournalDeps): Promise<CommentView> {
  const access = await journalAccess(caller, team, deps.teams);
  if (access.ownAnswersOnly && (input.userId !== caller.sub || !input.answerTo)) {
    throw new UnauthorizedError('A gamer replies to the comments on his own answers.');
  }
  const member = await deps.teams.getMembership(input.teamId, input.userId);
  if (member?.role !== 'GAMER') throw new ValidationError('Comments are on the answers of a gamer of the team.');
  if (input.answerTo) {
    const parent = await deps.journal.get(input.answerTo);
    if (!parent) throw new NotFoundError('The comment you reply to no longer exists.');
    const sameAnswer = (['teamId', 'userId', 'date', 'questionSlug'] as const).every((field) => parent[field] === input[field]);
    if (!sameAnswer) throw new ValidationError('A reply must be on the same answer as the comment it replies to.');
  }
  const at = deps.now().toISOString();
  const comment: CommentRecord = {
    id: randomUUID(),
    teamId: input.teamId,
    userId: input.userId,
    date: input.date,
    pillarSlug: input.pillarSlug,
    questionSlug: input.questionSlug,
    content: input.content,
    answerTo: input.answerTo ?? null,
    authorId: caller.sub,
    createdAt: at,
    updatedAt: at,
  };
  await deps.journal.create(comment, await concernedBy(comment, access.team.ownerId, deps));
  return withAuthor(comment, deps.users);
}

export async function updateComment(authorId: string, { data }: z.output<typeof updateCommentArgsSchema>, deps: JournalDeps): Promise<CommentView> {
  const comment = await existingComment(data.id, deps);
  if (comment.authorId !== authorId) throw new UnauthorizedError('You can only change your own comments.');
  const updated = await deps.journal.updateContent(comment, authorId, data.content, deps.now().toISOString());
  if (!updated) throw new NotFoundError('Comment not found.');
  return withAuthor(updated, deps.users);
}

export async function deleteComment(authorId: string, commentId: string, deps: JournalDeps): Promise<CommentView> {
  const comment = await existingComment(commentId, deps);
  if (comment.authorId !== authorId) throw new UnauthorizedError('You can only delete your own comments.');
  if (!(await deps.journal.delete(comment, authorId))) throw new NotFoundError('Comment not found.');
  return { ...(await withAuthor(comment, deps.users)), deletedAt: deps.now().toISOString() };
}

export async function getJournalComments(
  reader: JournalReader,
  team: TeamRecord,
  input: z.output<typeof journalCommentsArgsSchema>,
  deps: JournalDeps,
): Promise<CommentView[]> {
  assertMayReadMember(reader, await journalAccess(reader.caller, team, deps.teams), input.userId);
  return withAuthors(await deps.journal.ofDay(team.id, input.date, input.userId), deps.users);
}

/**
 * The comments on the caller's own days (his view of the journal), newest first, in the teams he plays in now: a team
 * he left, or another member's days, never come into it (the list is kept under the caller, docs/data-model.md).
 */
export async function myJournalComments(
  gamerId: string,
  { take, cursor }: z.output<typeof ownCommentsArgsSchema>,
  deps: JournalDeps,
): Promise<{ items: CommentView[]; nextCursor: string | null }> {
  const playing = (await deps.teams.membershipsOfUser(gamerId))
    .filter((membership) => membership.role === 'GAMER')
    .map((membership) => membership.teamId);
  const page = await deps.journal.onDaysOf(gamerId, playing, { limit: take ?? DEFAULT_OWN_COMMENTS_PAGE, cursor });
  return { items: await withAuthors(page.items, deps.users), nextCursor: page.cursor };
}

/** The replies to a comment: its subject is the comment, whose team only this lookup finds, so the check is here. */
export async function getRepliedComment(reader: JournalReader, answerTo: string, deps: JournalDeps): Promise<CommentView[]> {
  const parent = await existingComment(answerTo, deps);
  const access = await commentTeamAccess(reader, await deps.teams.get(parent.teamId), deps.teams);
  assertMayReadMember(reader, access, parent.userId);
  return withAuthors(await deps.journal.replies(answerTo), deps.users);
}

/** Subscribing to a team's comments is allowed as reading them; AppSync then filters events by teamId (and userId). */
export async function subscribeToJournal(
  reader: JournalReader,
  team: TeamRecord,
  { userId }: z.output<typeof journalSubscriptionArgsSchema>,
  deps: JournalDeps,
): Promise<null> {
  assertMayReadMember(reader, await journalAccess(reader.caller, team, deps.teams), userId);
  return null;
}
