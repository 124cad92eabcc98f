import { dynamoVideoStore, type VideoStore } from '../lib/stores/video-store';
import { s3VideosBucket, type UploadsBucket } from '../lib/uploads';

/** What the content rules reach: the video store, the private videos bucket and the clock. */
export interface VideoDeps {
  videos: VideoStore;
  bucket: UploadsBucket;
  now: () => Date;
}

export const productionDeps: VideoDeps = { videos: dynamoVideoStore, bucket: s3VideosBucket, now: () => new Date() };
