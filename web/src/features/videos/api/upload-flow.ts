import { videoFileExtension, type VideoCreateInput } from '@core/videos';
import { useSyncExternalStore } from 'react';
import { UPLOAD_MESSAGES } from '../lib/upload-flow';
import { clearUploadFlow, dispatchUploadFlow as dispatch, subscribeUploadFlow, uploadFlowState } from '../lib/upload-flow-store';
import { postWithProgress } from './post-with-progress';
import { getVideoUploadUrl } from './video-upload-url';
import { createVideo, deleteVideo, updateVideo } from './videos';

/** The file of the upload under way, for step 3's preview. */
let uploadingFile: File | null = null;

/** Step 1: creates the record; the flow moves to step 2. Throws the server's refusal (e.g. a duplicate title). */
async function create(values: VideoCreateInput) {
  const video = await createVideo(values);
  dispatch({ type: 'created', video: { id: video.id, title: video.title } });
}

/** Step 2's Cancel: deletes the created record and starts afresh. */
async function cancel() {
  const state = uploadFlowState();
  if (state.step === 2) await deleteVideo(state.video.id);
  clearUploadFlow();
}

/**
 * Step 3: asks for the presigned POST, posts the file with its progress, then sets the video's filename to the key.
 * Resolves when done; throws an Error whose message the page shows (one with 'uploading the video' went back to step 2).
 */
async function upload(file: File) {
  const state = uploadFlowState();
  if (state.step !== 2) return;
  const videoId = state.video.id;
  const shown = () => {
    const now = uploadFlowState();
    return now.step === 3 && now.video.id === videoId;
  };
  uploadingFile = file;
  dispatch({ type: 'started', fileName: file.name, total: file.size });
  try {
    const link = await getVideoUploadUrl(videoId, videoFileExtension(file.name) ?? '').catch(() => {
      throw new Error(UPLOAD_MESSAGES.linkFailed);
    });
    await postWithProgress(link, file, (loaded, total) => shown() && dispatch({ type: 'progressed', loaded, total }), UPLOAD_MESSAGES.uploadFailed);
    await updateVideo(videoId, { filename: link.key });
    if (shown()) dispatch({ type: 'finished' });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    if (shown()) dispatch({ type: 'failed', message: failure.message });
    throw failure;
  }
}

const actions = { create, cancel, upload, reset: clearUploadFlow };

/**
 * The upload's three steps (docs/videos.md, upload), kept outside React so an upload goes on while its page is left
 * and shows again when it is opened. The page refreshes the vault (useRefreshVideos) once a step has changed a video.
 */
export function useUploadFlow() {
  const state = useSyncExternalStore(subscribeUploadFlow, uploadFlowState);
  return { state, file: state.step === 3 ? uploadingFile : null, ...actions };
}
