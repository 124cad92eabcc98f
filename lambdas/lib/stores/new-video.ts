import type { VideoRecord } from './video-store';

/** A video as upload step 1 creates it (disabled, no file yet), with the given fields. */
export function newVideoRecord(
  fields: Pick<VideoRecord, 'id' | 'title' | 'category' | 'pillarCategory'> & Partial<VideoRecord>,
  at: string,
): VideoRecord {
  return {
    description: null,
    difficulty: null,
    tags: [],
    enabled: false,
    instructorId: null,
    seriesId: null,
    episode: null,
    selectedThumbnail: null,
    availableFrom: null,
    filename: null,
    workflowStatus: 'WAITING_FOR_UPLOAD',
    workflowError: null,
    playbackKey: null,
    thumbnailKey: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}
