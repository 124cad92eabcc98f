/**
 * Where a video's files live in the videos bucket (docs/transcoding.md). The browser uploads the original
 * under `uploads/<videoId>/`, whose ObjectCreated event starts the transcode; the transcoder writes the HLS playlist,
 * its renditions and segments, and the thumbnail under `media/<videoId>/`. Shared by the upload link, the transcoding
 * functions, CDK (the S3 notification's prefix, the MediaConvert role's access) and the local stand-in.
 */
export const VIDEO_UPLOAD_PREFIX = 'uploads/';
export const VIDEO_MEDIA_PREFIX = 'media/';

/** The key an upload of `videoId` takes: a fresh name per upload, so a re-upload never overwrites a running job's input. */
export function videoUploadKey(videoId: string, uploadId: string, extension: string): string {
  return `${VIDEO_UPLOAD_PREFIX}${videoId}/${uploadId}.${extension}`;
}

/** The video an uploaded key belongs to, or null for a key outside `uploads/<videoId>/<file>`. */
export function videoIdOfUploadKey(key: string): string | null {
  const match = /^uploads\/([A-Za-z0-9_-]{1,64})\/[^/]+$/.exec(key);
  return match ? match[1] : null;
}

/** Where the transcoder writes the outputs of one job for a video (one folder per upload, see videoUploadKey). */
export function videoMediaFolder(videoId: string, uploadKey: string): string {
  const upload = uploadKey.slice(uploadKey.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return `${VIDEO_MEDIA_PREFIX}${videoId}/${upload}/`;
}
