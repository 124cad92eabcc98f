import { randomUUID } from 'node:crypto';
import { createVideoQuestionArgsSchema, questionSlug, updateVideoQuestionArgsSchema, VIDEO_MESSAGES, whereArgsSchema } from '@core/videos';
import type { Caller } from '../lib/appsync';
import { NotFoundError } from '../lib/errors';
import type { VideoQuestionRecord } from '../lib/stores/video-store';
import { parseInput } from '../lib/validation';
import type { VideoDeps } from './deps';
import { auditOf, changedFields } from './audit';
import { refusedAs } from './refusals';

const questionTarget = (question: VideoQuestionRecord) => ({ type: 'VideoQuestion' as const, id: question.id, label: question.slug });

async function getQuestion(deps: VideoDeps, questionId: string): Promise<VideoQuestionRecord> {
  const question = await deps.videos.getQuestion(questionId);
  if (!question) throw new NotFoundError(VIDEO_MESSAGES.questionNotFound);
  return question;
}

/** A question on a video; its slug (docs/videos.md, "Uniqueness") is unique per video, claimed by the question's own key. */
export async function createVideoQuestion(caller: Caller, args: unknown, deps: VideoDeps) {
  const { data } = parseInput(createVideoQuestionArgsSchema, args);
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
    () =>
      deps.videos.createQuestion(
        question,
        auditOf(caller, 'createVideoQuestion', questionTarget(question), null, { text: question.text, type: question.type }),
      ),
    {
      video: () => new NotFoundError(VIDEO_MESSAGES.videoNotFound),
    },
  );
  return question;
}

export async function updateVideoQuestion(caller: Caller, args: unknown, deps: VideoDeps) {
  const { where, data } = parseInput(updateVideoQuestionArgsSchema, args);
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
  await refusedAs(() => deps.videos.updateQuestion(before, after, auditOf(caller, 'updateVideoQuestion', questionTarget(after), was, is)));
  return after;
}

export async function deleteVideoQuestion(caller: Caller, args: unknown, deps: VideoDeps) {
  const { where } = parseInput(whereArgsSchema, args);
  const question = await getQuestion(deps, where.id);
  await refusedAs(
    () =>
      deps.videos.deleteQuestion(
        question,
        auditOf(caller, 'deleteVideoQuestion', questionTarget(question), { text: question.text, videoId: question.videoId }, null),
      ),
    {
      question: () => new NotFoundError(VIDEO_MESSAGES.questionNotFound),
    },
  );
  return question;
}
