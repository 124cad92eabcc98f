/**
 * Where the transcoder finds and puts a video's files in the videos bucket (docs/transcoding.md). The browser uploads
 * the original under `videos/<videoId>/source/` (videoSourcePrefix, the upload link); an ObjectCreated event under
 * `videos/` starts the transcode of such a key. The transcoder writes the HLS playlist, its renditions and segments, and
 * the thumbnail under `media/<videoId>/<uploadId>/`, outside `videos/`, so its own outputs raise no upload events.
 * Shared by the transcoding functions, CDK (the S3 notification's prefix, the MediaConvert role's access) and the
 * local stand-in.
 */
import { videoSourcePrefix } from './videos';

/** Every key an admin's browser uploads starts here (sources, thumbnails); the S3 notification's prefix. */
export const VIDEO_UPLOADS_ROOT = 'videos/';
/** The transcoder's outputs, the only part of the videos bucket readers reach (CloudFront's /media/ on AWS). */
export const VIDEO_MEDIA_ROOT = 'media';
export const VIDEO_MEDIA_PREFIX = `${VIDEO_MEDIA_ROOT}/`;

/** The key an upload of `videoId` takes: a fresh name per upload, so a re-upload never overwrites a running job's input. */
export function videoUploadKey(videoId: string, uploadId: string, extension: string): string {
  return `${videoSourcePrefix(videoId)}${uploadId}.${extension}`;
}

/** The video an uploaded key is the source of, or null for any other key (an admin's thumbnail, ...). */
export function videoIdOfUploadKey(key: string): string | null {
  const match = /^videos\/([A-Za-z0-9_-]{1,64})\/source\/[^/]+$/.exec(key);
  return match ? match[1] : null;
}

/** Where the transcoder writes the outputs of one upload of a video. */
export function videoMediaFolder(videoId: string, uploadKey: string): string {
  const upload = uploadKey.slice(uploadKey.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return `${VIDEO_MEDIA_PREFIX}${videoId}/${upload}/`;
}
