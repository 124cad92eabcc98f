import type { VideoRecord } from './stores/video-store';
import type { UploadsBucket } from './uploads';

/**
 * A video's addresses for players (docs/videos.md): the HLS playlist (once COMPLETE) and the transcoder's thumbnail
 * are public media addresses, so hls.js can fetch the renditions and segments the playlist names relative to it; an
 * admin's own thumbnail (it wins) stays under `videos/` and is read through a presigned GET.
 */
export async function videoUrls(
  video: Pick<VideoRecord, 'workflowStatus' | 'playbackKey' | 'thumbnailKey' | 'selectedThumbnail'>,
  bucket: Pick<UploadsBucket, 'presignGet' | 'publicUrl'>,
) {
  const thumbnailUrl = video.selectedThumbnail
    ? await bucket.presignGet(video.selectedThumbnail)
    : video.thumbnailKey
      ? bucket.publicUrl(video.thumbnailKey)
      : null;
  return { thumbnailUrl, url: video.workflowStatus === 'COMPLETE' && video.playbackKey ? bucket.publicUrl(video.playbackKey) : null };
}
