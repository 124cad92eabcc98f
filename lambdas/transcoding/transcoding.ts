/**
 * The two steps around a MediaConvert job (docs/transcoding.md): an upload under `videos/<videoId>/source/` records
 * the file on its video and starts the job; the job's final state records COMPLETE with the HLS playlist and the
 * thumbnail, or ERROR with MediaConvert's message. The same code runs on AWS and against the local stand-in.
 */
import { videoIdOfUploadKey } from '@core/video-files';
import { logger } from '../lib/observability';
import type { VideoStore, WorkflowResult } from '../lib/stores/video-store';
import { HLS_GROUP_TYPE, THUMBNAIL_GROUP_TYPE, type JobStateEvent, type TranscodeJobMetadata } from '../lib/transcoding-job';

export interface TranscodeDeps {
  videos: Pick<VideoStore, 'claimTranscode' | 'setWorkflowStatus'>;
  /** Submits the job (MediaConvert CreateJob with the template); resolves with the job id. */
  startJob(bucket: string, uploadKey: string, videoId: string): Promise<string>;
}

export const TRANSCODE_MESSAGES = {
  notStarted: (reason: string) => `The transcode could not be started: ${reason}`,
  canceled: 'The transcode was canceled.',
  failed: (message: string, code: number | undefined) => (code === undefined ? message : `${message} (MediaConvert error ${code})`),
  noOutputs: 'The transcode finished without an HLS playlist or a thumbnail.',
};

/**
 * One uploaded object: claims its transcode and records it on its video (PROGRESSING) in one transaction, then
 * submits the job. A second delivery of the same upload event finds the claim taken and starts nothing.
 */
export async function startTranscode(bucket: string, uploadKey: string, deps: TranscodeDeps): Promise<void> {
  const videoId = videoIdOfUploadKey(uploadKey);
  if (!videoId) {
    logger.warn('Not a video source (videos/<videoId>/source/): no transcode', { uploadKey });
    return;
  }
  // PROGRESSING before the job exists: a fast job's final state must not be overwritten by this step.
  const claim = await deps.videos.claimTranscode(videoId, uploadKey);
  if (claim !== 'claimed') {
    logger.warn(
      claim === 'duplicate'
        ? 'Upload event delivered again: its transcode is started already'
        : 'Upload for a video that does not exist (deleted meanwhile?): no transcode',
      { videoId, uploadKey },
    );
    return;
  }
  try {
    const jobId = await deps.startJob(bucket, uploadKey, videoId);
    logger.info('Transcode started', { videoId, uploadKey, jobId });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await deps.videos.setWorkflowStatus(videoId, 'ERROR', { error: TRANSCODE_MESSAGES.notStarted(reason), whileUpload: uploadKey });
    throw error;
  }
}

/** `s3://bucket/key` -> key. */
const keyOfS3Url = (url: string | undefined) => (url ? /^s3:\/\/[^/]+\/(.+)$/.exec(url)?.[1] : undefined);

/** A job's final state on its video, unless the video has had a newer upload since (its own job reports that one). */
export async function recordJobState(event: JobStateEvent, deps: Pick<TranscodeDeps, 'videos'>): Promise<void> {
  const { userMetadata, jobId } = event.detail;
  const { videoId, uploadKey } = userMetadata ?? ({} as Partial<TranscodeJobMetadata>);
  if (!videoId || !uploadKey) {
    logger.warn('Job-state event without the video it is for', { jobId });
    return;
  }
  const result = jobResult(event);
  // One conditional write: a newer upload (its own job reports that one) or a deleted video refuses it.
  if (!(await deps.videos.setWorkflowStatus(videoId, result.status, { ...result, whileUpload: uploadKey }))) {
    logger.info('Job-state event for a deleted video or an older upload: ignored', { videoId, uploadKey, jobId });
  }
}

/** What a final job state means for its video. */
function jobResult(event: JobStateEvent): WorkflowResult & { status: 'COMPLETE' | 'ERROR' } {
  const { status } = event.detail;
  if (status === 'COMPLETE') {
    const groups = event.detail.outputGroupDetails ?? [];
    const playbackKey = keyOfS3Url(groups.find((group) => group.type === HLS_GROUP_TYPE)?.playlistFilePaths?.[0]);
    const thumbnailKey = keyOfS3Url(groups.find((group) => group.type === THUMBNAIL_GROUP_TYPE)?.outputDetails?.[0]?.outputFilePaths?.[0]);
    if (!playbackKey || !thumbnailKey) return { status: 'ERROR', error: TRANSCODE_MESSAGES.noOutputs };
    return { status: 'COMPLETE', playbackKey, thumbnailKey, error: null };
  }
  const error =
    status === 'CANCELED'
      ? TRANSCODE_MESSAGES.canceled
      : TRANSCODE_MESSAGES.failed(event.detail.errorMessage ?? `The transcode ended in ${status}.`, event.detail.errorCode);
  return { status: 'ERROR', error };
}
