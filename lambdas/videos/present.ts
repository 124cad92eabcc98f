import type { AvatarType } from '@core/avatars';
import { presignImageUpload } from '../lib/image-uploads';
import type { VideoRecord, VideoSeriesRecord } from '../lib/stores/video-store';
import { videoUrls } from '../lib/video-urls';
import type { VideoDeps } from './deps';

/** The fields the caller asked for below the root field (AppSync's selectionSetList): related items are read only when asked. */
export type Selection = readonly string[];

const asks = (selection: Selection, field: string) => selection.some((path) => path === field || path.startsWith(`${field}/`));

/** A series as the API shows it: its cover through a presigned GET (the bucket is private). */
export async function presentSeries(series: VideoSeriesRecord, deps: VideoDeps) {
  return { ...series, coverImageUrl: series.coverImage ? await deps.bucket.presignGet(series.coverImage) : null };
}

/**
 * Videos as the API shows them: thumbnail and playback addresses (videoUrls), with their series, instructor and questions when the caller asks.
 */
export async function presentVideos(videos: VideoRecord[], selection: Selection, deps: VideoDeps) {
  const [series, instructors] = await Promise.all([
    asks(selection, 'VideoSeries') ? deps.videos.getManySeries(videos.flatMap((video) => video.seriesId ?? [])) : [],
    asks(selection, 'VideoInstructor') ? deps.videos.getInstructors(videos.flatMap((video) => video.instructorId ?? [])) : [],
  ]);
  const seriesById = new Map(series.map((one) => [one.id, one]));
  const instructorById = new Map(instructors.map((one) => [one.id, one]));
  return Promise.all(
    videos.map(async (record) => {
      const { playbackKey: _playback, thumbnailKey: _thumbnail, ...video } = record;
      const inSeries = video.seriesId ? seriesById.get(video.seriesId) : undefined;
      return {
        ...video,
        ...(await videoUrls(record, deps.bucket)),
        VideoSeries: inSeries ? await presentSeries(inSeries, deps) : null,
        VideoInstructor: (video.instructorId && instructorById.get(video.instructorId)) || null,
        VideoQuestion: asks(selection, 'VideoQuestion') ? await deps.videos.questionsOf(video.id) : [],
      };
    }),
  );
}

/** Step 1 of a thumbnail or cover upload, like avatars: a presigned POST under `prefix`, and where to read it once posted. */
export async function imageUploadUnder(prefix: string, file: { mimetype: AvatarType; maxSizeBytes: number }, deps: VideoDeps) {
  const upload = await presignImageUpload(deps.bucket, prefix, file.mimetype, file.maxSizeBytes);
  return { ...upload, fileUrl: await deps.bucket.presignGet(upload.key) };
}
