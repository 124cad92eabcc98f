import { randomUUID } from 'node:crypto';
import {
  createRecommendationArgsSchema,
  deleteRecommendationArgsSchema,
  RECOMMENDATION_MESSAGES,
  RECOMMENDATION_PAGE_SIZE,
  recommendationsArgsSchema,
  updateRecommendationArgsSchema,
} from '@core/recommendations';
import type { Caller } from '../lib/appsync';
import { auditActor } from '../lib/audit-actor';
import { NotFoundError, ValidationError } from '../lib/errors';
import type { AuditEntry } from '../lib/stores/audit-store';
import type { RecommendationRecord, RecommendationStore } from '../lib/stores/recommendation-store';
import { TransactionRefused } from '../lib/stores/transactions';
import type { UserStore } from '../lib/stores/user-store';
import type { VideoRecord } from '../lib/stores/video-store';
import type { UploadsBucket } from '../lib/uploads';
import { videoUrls } from '../lib/video-urls';
import { parseInput } from '../lib/validation';

/**
 * Video recommendations (docs/recommendations-and-challenges.md): admins list, add, change and
 * delete them (the policy map admits only ADMIN and SUPERADMIN). A recommendation links an answer of the check-in
 * questionnaire's catalogue to a video that is COMPLETE and enabled when it is linked.
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
  caller: Caller,
  action: string,
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

export async function getRecommendations(args: unknown, deps: RecommendationDeps) {
  const { take, skip } = parseInput(recommendationsArgsSchema, args);
  const { items, count } = await deps.recommendations.page(take ?? RECOMMENDATION_PAGE_SIZE, skip ?? 0);
  return { recommendations: await withVideos(items, deps), count };
}

export async function createVideoRecommendation(caller: Caller, args: unknown, deps: RecommendationDeps) {
  const { data } = parseInput(createRecommendationArgsSchema, args);
  const at = deps.now().toISOString();
  const recommendation: RecommendationRecord = { id: randomUUID(), ...data, description: null, createdAt: at, updatedAt: at };
  const audit = await auditOf(caller, 'createVideoRecommendation', recommendation, null, linkOf(recommendation), deps);
  await deps.recommendations.create(recommendation, audit).catch(refusal);
  return withVideo(recommendation, deps);
}

export async function updateVideoRecommendation(caller: Caller, args: unknown, deps: RecommendationDeps) {
  const { id, data } = parseInput(updateRecommendationArgsSchema, args);
  const before = await existing(id, deps);
  const after: RecommendationRecord = { ...before, ...data, description: data.description ?? null, updatedAt: deps.now().toISOString() };
  const audit = await auditOf(caller, 'updateVideoRecommendation', after, linkOf(before), linkOf(after), deps);
  await deps.recommendations.update(before, after, audit).catch(refusal);
  return withVideo(after, deps);
}

export async function deleteVideoRecommendation(caller: Caller, args: unknown, deps: RecommendationDeps) {
  const { id } = parseInput(deleteRecommendationArgsSchema, args);
  const recommendation = await existing(id, deps);
  const audit = await auditOf(caller, 'deleteVideoRecommendation', recommendation, linkOf(recommendation), null, deps);
  await deps.recommendations.delete(recommendation, audit).catch(refusal);
  return { ...recommendation, Video: null };
}
