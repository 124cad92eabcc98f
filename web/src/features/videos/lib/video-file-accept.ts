// Apart from the upload flow, which the navigation loads (Add a video clears it): this needs core/videos and its zod
// schemas, which the signed-in frame does without.
import { VIDEO_FILE_CONTENT_TYPES, VIDEO_FILE_EXTENSIONS } from '@core/videos';

/** The video files the drop zone takes (mp4, mov and ts: docs/videos.md, upload), as react-dropzone wants them. */
export const VIDEO_FILE_ACCEPT = Object.fromEntries(
  VIDEO_FILE_EXTENSIONS.map((extension) => [VIDEO_FILE_CONTENT_TYPES[extension], [`.${extension}`]]),
) as Record<string, string[]>;
