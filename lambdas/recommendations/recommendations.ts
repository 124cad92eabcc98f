import { randomUUID } from 'node:crypto';
import {
  type CreateRecommendationInput,
  RECOMMENDATION_MESSAGES,
  RECOMMENDATION_PAGE_SIZE,
  type recommendationsArgsSchema,
  type updateRecommendationArgsSchema,
} from '@core/recommendations';
import type { z } from 'zod';
import { type Actor, auditActor } from '../lib/audit-actor';
import { NotFoundError, ValidationError } from '../lib/errors';
import type { AuditEntry } from '../lib/stores/audit-store';
import type { RecommendationRecord, RecommendationStore } from './store';
import { TransactionRefused } from '../lib/stores/transactions';
import type { UserStore } from '../lib/stores/user-store';
import type { VideoRecord } from '../lib/stores/video-store';
import type { UploadsBucket } from '../lib/uploads';
import { videoUrls } from '../lib/video-urls';

/**
 * Video recommendations (docs/recommendations-and-challenges.md): admins list, add, change and
 * delete them (./fields.ts admits only ADMIN and SUPERADMIN). A recommendation links an answer of the check-in
 * questionnaire's catalogue to a video that is COMPLETE and enabled when it is linked. The arguments come parsed by the
 * fields' schemas.
 */
export interface RecommendationDeps {
  recommendations: RecommendationStore;
  users: Pick<UserStore, 'get'>;
  /** The videos bucket: where players read playlists and thumbnails (videoUrls). */
  bucket: Pick<UploadsBucket, 'presignGet' | 'publicUrl'>;
  now: () => Date;
}

/** The linked video as the table needs it: its thumbnail and playlist addresses (series and questions are not read here). */
async function presentVideo(record: VideoRecord, deps: RecommendationDeps) {
  const { playbackKey: _playback, thumbnailKey: _thumbnail, ...video } = record;
  return {
    ...video,
    ...(await videoUrls(record, deps.bucket)),
    VideoSeries: null,
    VideoInstructor: null,
    VideoQuestion: [],
  };
}

async function withVideos(recommendations: RecommendationRecord[], deps: RecommendationDeps) {
  const videos = new Map((await deps.recommendations.videos(recommendations.map((one) => one.videoId))).map((video) => [video.id, video]));
  return Promise.all(
    recommendations.map(async (recommendation) => {
      const video = videos.get(recommendation.videoId);
      return { ...recommendation, Video: video ? await presentVideo(video, deps) : null };
    }),
  );
}

const withVideo = async (recommendation: RecommendationRecord, deps: RecommendationDeps) => (await withVideos([recommendation], deps))[0]!;

async function auditOf(
  { caller, action }: Actor,
  target: RecommendationRecord,
  before: AuditEntry['before'],
  after: AuditEntry['after'],
  deps: RecommendationDeps,
): Promise<AuditEntry> {
  return {
    ...(await auditActor(caller, deps.users)),
    action,
    targetType: 'VideoRecommendation',
    targetId: target.id,
    targetLabel: target.title,
    before,
    after,
  };
}

const linkOf = ({ title, description, pillarSlug, questionSlug, answer, videoId }: RecommendationRecord) => ({
  title,
  description,
  pillarSlug,
  questionSlug,
  answer,
  videoId,
});

/** Says which rule refused a write: the video offered no longer (or never) qualifies, or the recommendation changed. */
function refusal(error: unknown): never {
  if (error instanceof TransactionRefused && error.label === 'video') throw new ValidationError(RECOMMENDATION_MESSAGES.videoNotOffered);
  if (error instanceof TransactionRefused && error.label === 'recommendation') throw new NotFoundError(RECOMMENDATION_MESSAGES.notFound);
  throw error;
}

async function existing(id: string, deps: RecommendationDeps): Promise<RecommendationRecord> {
  const recommendation = await deps.recommendations.get(id);
  if (!recommendation) throw new NotFoundError(RECOMMENDATION_MESSAGES.notFound);
  return recommendation;
}

export async function getRecommendations({ take, skip }: z.infer<typeof recommendationsArgsSchema>, deps: RecommendationDeps) {
  const { items, count } = await deps.recommendations.page(take ?? RECOMMENDATION_PAGE_SIZE, skip ?? 0);
  return { recommendations: await withVideos(items, deps), count };
}

export async function createVideoRecommendation(actor: Actor, data: CreateRecommendationInput, deps: RecommendationDeps) {
  const at = deps.now().toISOString();
  const recommendation: RecommendationRecord = { id: randomUUID(), ...data, description: null, createdAt: at, updatedAt: at };
  const audit = await auditOf(actor, recommendation, null, linkOf(recommendation), deps);
  await deps.recommendations.create(recommendation, audit).catch(refusal);
  return withVideo(recommendation, deps);
}

export async function updateVideoRecommendation(
  actor: Actor,
  { id, data }: z.infer<typeof updateRecommendationArgsSchema>,
  deps: RecommendationDeps,
) {
  const before = await existing(id, deps);
  const after: RecommendationRecord = { ...before, ...data, description: data.description ?? null, updatedAt: deps.now().toISOString() };
  const audit = await auditOf(actor, after, linkOf(before), linkOf(after), deps);
  await deps.recommendations.update(before, after, audit).catch(refusal);
  return withVideo(after, deps);
}

export async function deleteVideoRecommendation(actor: Actor, id: string, deps: RecommendationDeps) {
  const recommendation = await existing(id, deps);
  const audit = await auditOf(actor, recommendation, linkOf(recommendation), null, deps);
  await deps.recommendations.delete(recommendation, audit).catch(refusal);
  return { ...recommendation, Video: null };
}
