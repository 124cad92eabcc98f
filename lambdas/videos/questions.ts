import { randomUUID } from 'node:crypto';
import { type createVideoQuestionArgsSchema, questionSlug, type updateVideoQuestionArgsSchema, VIDEO_MESSAGES } from '@core/videos';
import type { z } from 'zod';
import { NotFoundError } from '../lib/errors';
import type { VideoQuestionRecord } from '../lib/stores/video-store';
import type { VideoDeps } from './deps';
import type { Actor } from '../lib/audit-actor';
import { auditOf, changedFields } from './audit';
import { refusedAs } from './refusals';

const questionTarget = (question: VideoQuestionRecord) => ({ type: 'VideoQuestion' as const, id: question.id, label: question.slug });

async function getQuestion(deps: VideoDeps, questionId: string): Promise<VideoQuestionRecord> {
  const question = await deps.videos.getQuestion(questionId);
  if (!question) throw new NotFoundError(VIDEO_MESSAGES.questionNotFound);
  return question;
}

/** A question on a video; its slug (docs/videos.md, "Uniqueness") is unique per video, claimed by the question's own key. */
export async function createVideoQuestion(actor: Actor, { data }: z.infer<typeof createVideoQuestionArgsSchema>, deps: VideoDeps) {
  const at = deps.now().toISOString();
  const question: VideoQuestionRecord = {
    id: randomUUID(),
    videoId: data.videoId,
    type: data.type,
    subType: data.subType ?? null,
    text: data.text,
    slug: questionSlug(data.videoId, data.type, data.text),
    defineWatched: data.defineWatched ?? false,
    isCreateOrDeleteQuestion: data.isCreateOrDeleteQuestion ?? false,
    createdAt: at,
    updatedAt: at,
  };
  await refusedAs(
    () => deps.videos.createQuestion(question, auditOf(actor, questionTarget(question), null, { text: question.text, type: question.type })),
    {
      video: () => new NotFoundError(VIDEO_MESSAGES.videoNotFound),
    },
  );
  return question;
}

export async function updateVideoQuestion(actor: Actor, { where, data }: z.infer<typeof updateVideoQuestionArgsSchema>, deps: VideoDeps) {
  const before = await getQuestion(deps, where.id);
  const type = data.type ?? before.type;
  const text = data.text ?? before.text;
  const after: VideoQuestionRecord = {
    ...before,
    type,
    text,
    subType: data.subType === undefined ? before.subType : data.subType,
    defineWatched: data.defineWatched ?? before.defineWatched,
    isCreateOrDeleteQuestion: data.isCreateOrDeleteQuestion ?? before.isCreateOrDeleteQuestion,
    slug: questionSlug(before.videoId, type, text),
    updatedAt: deps.now().toISOString(),
  };
  const { before: was, after: is } = changedFields(before, after);
  await refusedAs(() => deps.videos.updateQuestion(before, after, auditOf(actor, questionTarget(after), was, is)));
  return after;
}

export async function deleteVideoQuestion(actor: Actor, questionId: string, deps: VideoDeps) {
  const question = await getQuestion(deps, questionId);
  await refusedAs(
    () => deps.videos.deleteQuestion(question, auditOf(actor, questionTarget(question), { text: question.text, videoId: question.videoId }, null)),
    {
      question: () => new NotFoundError(VIDEO_MESSAGES.questionNotFound),
    },
  );
  return question;
}
