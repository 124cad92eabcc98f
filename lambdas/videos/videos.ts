import { randomUUID } from 'node:crypto';
import {
  type aggregateVideoArgsSchema,
  type createVideoArgsSchema,
  type imageUploadArgsSchema,
  isInLibrary,
  nameClaimOf,
  type updateVideoArgsSchema,
  VIDEO_FILE_CONTENT_TYPES,
  VIDEO_FILE_MAX_BYTES,
  VIDEO_MESSAGES,
  VIDEO_PAGE_SIZE,
  type VideoFilter,
  type videoLibraryArgsSchema,
  videoSourcePrefix,
  videoThumbnailPrefix,
  type videoUploadUrlArgsSchema,
  type VideosArgs,
} from '@core/videos';
import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../lib/errors';
import { checkUploadedImage } from '../lib/image-uploads';
import { TransactionRefused } from '../lib/stores/transactions';
import { newVideoRecord } from '../lib/stores/new-video';
import type { VideoRecord } from '../lib/stores/video-store';
import type { VideoDeps } from './deps';
import { imageUploadUnder, presentVideos, type Selection } from './present';
import type { Actor } from '../lib/audit-actor';
import { auditOf, changedFields } from './audit';
import { asCallerError, refusedAs } from './refusals';

/** Tries of an update whose video changed between its read and its write (the transcoder writes its status meanwhile). */
const UPDATE_TRIES = 3;

async function getVideo(deps: VideoDeps, videoId: string): Promise<VideoRecord> {
  const video = await deps.videos.get(videoId);
  if (!video) throw new NotFoundError(VIDEO_MESSAGES.videoNotFound);
  return video;
}

const videoTarget = (video: VideoRecord) => ({ type: 'Video' as const, id: video.id, label: video.title });

function matches(video: VideoRecord, filter: VideoFilter | null | undefined): boolean {
  if (!filter) return true;
  const search = filter.search?.toLowerCase();
  return (
    (!search || video.title.toLowerCase().includes(search) || video.tags.some((tag) => tag.toLowerCase().includes(search))) &&
    (!filter.category || video.category === filter.category) &&
    (!filter.pillarCategory || video.pillarCategory === filter.pillarCategory) &&
    (filter.enabled == null || video.enabled === filter.enabled) &&
    (!filter.workflowStatus || video.workflowStatus === filter.workflowStatus) &&
    (!filter.seriesId || video.seriesId === filter.seriesId) &&
    (!filter.instructorId || video.instructorId === filter.instructorId)
  );
}

/** Sorted as asked, newest-updated first by default (docs/videos.md, "Operations"); ties by id so pages never overlap. */
function ordered(videos: VideoRecord[], orderBy: VideosArgs['orderBy']): VideoRecord[] {
  const { field, direction } = orderBy ?? { field: 'updatedAt', direction: 'desc' };
  const sign = direction === 'asc' ? 1 : -1;
  const valueOf = (video: VideoRecord) => (field === 'title' ? video.title.toLowerCase() : (video[field] ?? ''));
  return [...videos].sort((a, b) => sign * valueOf(a).localeCompare(valueOf(b)) || a.id.localeCompare(b.id));
}

/** The admin list (pattern 52): every video, filtered, sorted and paged here. */
export async function videos({ take, skip, orderBy, where }: VideosArgs, selection: Selection, deps: VideoDeps) {
  const all = (await deps.videos.all()).filter((video) => matches(video, where));
  const start = skip ?? 0;
  return presentVideos(ordered(all, orderBy).slice(start, start + (take ?? VIDEO_PAGE_SIZE)), selection, deps);
}

export async function aggregateVideo({ where }: z.infer<typeof aggregateVideoArgsSchema>, deps: VideoDeps) {
  const all = await deps.videos.all();
  const tags = [...new Set(all.flatMap((video) => video.tags))].sort((a, b) => a.localeCompare(b));
  return { count: all.filter((video) => matches(video, where)).length, tags };
}

export async function video(videoId: string, selection: Selection, deps: VideoDeps) {
  const found = await deps.videos.get(videoId);
  return found ? (await presentVideos([found], selection, deps))[0] : null;
}

/** The gamers' library: only what isInLibrary lets through, by title, as the vault sorts (docs/videos.md, "Operations"). */
export async function videoLibrary({ take, skip, where }: z.infer<typeof videoLibraryArgsSchema>, selection: Selection, deps: VideoDeps) {
  const now = deps.now();
  const shown = (await deps.videos.all()).filter((video) => isInLibrary(video, now) && matches(video, where));
  const start = skip ?? 0;
  return presentVideos(ordered(shown, { field: 'title', direction: 'asc' }).slice(start, start + (take ?? VIDEO_PAGE_SIZE)), selection, deps);
}

/** Upload step 1: the record, disabled and waiting for its file, its title claimed in the same transaction. */
export async function createVideo(actor: Actor, { data }: z.infer<typeof createVideoArgsSchema>, selection: Selection, deps: VideoDeps) {
  const at = deps.now().toISOString();
  const created = newVideoRecord(
    { id: randomUUID(), title: data.title, description: data.description || null, category: data.category, pillarCategory: data.pillarCategory },
    at,
  );
  await refusedAs(() =>
    deps.videos.create(
      created,
      auditOf(actor, videoTarget(created), null, {
        title: created.title,
        category: created.category,
        pillarCategory: created.pillarCategory,
      }),
    ),
  );
  return (await presentVideos([created], selection, deps))[0];
}

type VideoChange = (video: VideoRecord) => Promise<VideoRecord> | VideoRecord;

/**
 * Applies `change` to the video as stored and writes it with its guards and audit entry; when the video changed
 * between the read and the write (the transcoder's status, another admin), reads it again and applies the change anew.
 */
async function changeVideo(actor: Actor, videoId: string, change: VideoChange, selection: Selection, deps: VideoDeps) {
  for (let attempt = 1; ; attempt += 1) {
    const before = await getVideo(deps, videoId);
    const after = { ...(await change(before)), updatedAt: laterThan(before.updatedAt, deps.now()) };
    const { before: was, after: is } = changedFields(before, after);
    try {
      await deps.videos.update(before, after, auditOf(actor, videoTarget(after), was, is));
      return (await presentVideos([after], selection, deps))[0];
    } catch (error) {
      const changedMeanwhile = error instanceof TransactionRefused && error.label === 'video';
      if (!changedMeanwhile || attempt >= UPDATE_TRIES) throw asCallerError(error);
    }
  }
}

/** A new updatedAt, after the one read even when the clock has not moved on, so the next write can tell them apart. */
function laterThan(readAt: string, now: Date): string {
  const next = Math.max(now.getTime(), Date.parse(readAt) + 1);
  return new Date(next).toISOString();
}

export async function updateVideo(actor: Actor, { where, data }: z.infer<typeof updateVideoArgsSchema>, selection: Selection, deps: VideoDeps) {
  if (data.filename !== undefined && !data.filename.startsWith(videoSourcePrefix(where.id))) throw new ValidationError(VIDEO_MESSAGES.fileKey);
  if (data.selectedThumbnail && !data.selectedThumbnail.startsWith(videoThumbnailPrefix(where.id)))
    throw new ValidationError(VIDEO_MESSAGES.imageKey);
  if (data.filename !== undefined && !(await deps.bucket.head(data.filename))) throw new NotFoundError(VIDEO_MESSAGES.notUploaded);
  if (data.selectedThumbnail) await checkUploadedImage(deps.bucket, data.selectedThumbnail);

  return changeVideo(
    actor,
    where.id,
    (video) => {
      const seriesId = data.seriesId === undefined ? video.seriesId : data.seriesId;
      // Clearing the series clears the episode (docs/videos.md, "Operations", updateVideo).
      const episode = seriesId === null ? null : data.episode === undefined ? video.episode : data.episode;
      if (data.episode != null && seriesId === null) throw new ValidationError(VIDEO_MESSAGES.episodeNeedsSeries);
      const defined = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
      return {
        ...video,
        title: data.title ?? video.title,
        description: data.description === undefined ? video.description : data.description || null,
        category: data.category ?? video.category,
        pillarCategory: data.pillarCategory ?? video.pillarCategory,
        difficulty: data.difficulty === undefined ? video.difficulty : data.difficulty || null,
        tags: data.tags ? [...new Set(data.tags)] : video.tags,
        instructorId: defined(data.instructorId, video.instructorId),
        seriesId,
        episode,
        availableFrom: data.availableFrom === undefined ? video.availableFrom : data.availableFrom && new Date(data.availableFrom).toISOString(),
        selectedThumbnail: defined(data.selectedThumbnail, video.selectedThumbnail),
        // The browser says the file is posted; the S3 event may have said so (and more) already.
        ...(data.filename !== undefined
          ? { filename: data.filename, workflowStatus: video.workflowStatus === 'WAITING_FOR_UPLOAD' ? 'UPLOADED' : video.workflowStatus }
          : {}),
      };
    },
    selection,
    deps,
  );
}

/** enableVideo and disableVideo. */
export async function setVideoEnabled(actor: Actor, videoId: string, enabled: boolean, selection: Selection, deps: VideoDeps) {
  return changeVideo(actor, videoId, (video) => ({ ...video, enabled }), selection, deps);
}

export async function deleteVideo(actor: Actor, videoId: string, selection: Selection, deps: VideoDeps) {
  const video = await getVideo(deps, videoId);
  const presented = (await presentVideos([video], selection, deps))[0];
  await refusedAs(() =>
    deps.videos.delete(video, auditOf(actor, videoTarget(video), { title: video.title, titleClaim: nameClaimOf(video.title) }, null)),
  );
  return presented;
}

/** The signed upload link (docs/videos.md, getVideoUploadUrl): a presigned POST of an mp4, mov or ts file under the video's id. */
export async function getVideoUploadUrl({ where, fileExtension }: z.infer<typeof videoUploadUrlArgsSchema>, deps: VideoDeps) {
  const video = await getVideo(deps, where.id);
  const key = `${videoSourcePrefix(video.id)}${randomUUID()}.${fileExtension}`;
  const { url, fields } = await deps.bucket.presignPost(key, VIDEO_FILE_CONTENT_TYPES[fileExtension], 'video/', VIDEO_FILE_MAX_BYTES);
  return { url, fields: Object.entries(fields).map(([name, value]) => ({ name, value })), key };
}

/** A thumbnail upload, step 1 (like avatars); updateVideo(selectedThumbnail: key) checks the image and sets it. */
export async function uploadVideoThumbnail({ where, file }: z.infer<typeof imageUploadArgsSchema>, deps: VideoDeps) {
  const video = await getVideo(deps, where.id);
  return imageUploadUnder(videoThumbnailPrefix(video.id), file, deps);
}
