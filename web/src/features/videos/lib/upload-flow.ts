/**
 * The three steps of /home/video/upload (docs/videos.md, "The pages' rules and texts") as a pure state machine: step 1
 * creates the video record, step 2 chooses the file (Cancel deletes the record), step 3 uploads it while the details
 * are edited. An upload failure whose message contains 'uploading the video' goes back to step 2 to choose again.
 */
export interface UploadedVideo {
  id: string;
  title: string;
}

export type UploadProgress =
  | { status: 'uploading'; loaded: number; total: number }
  | { status: 'done' }
  /** Stopped by an error that does not send the flow back to step 2 (the page says it in the Oops! dialog). */
  | { status: 'failed' };

export type UploadFlowState =
  | { step: 1 }
  | { step: 2; video: UploadedVideo; problem: string | null }
  | { step: 3; video: UploadedVideo; fileName: string; upload: UploadProgress };

export type UploadFlowEvent =
  | { type: 'created'; video: UploadedVideo }
  | { type: 'started'; fileName: string; total: number }
  | { type: 'progressed'; loaded: number; total: number }
  | { type: 'finished' }
  | { type: 'failed'; message: string }
  | { type: 'reset' };

export const UPLOAD_MESSAGES = {
  dropPrompt: 'Drop your file here to upload',
  unsupportedFile: 'This file type is not supported',
  tooManyFiles: 'Please choose one video file.',
  uploading: 'Please wait while we upload your video. This may take some time. While you wait, you can add the video details below.',
  uploaded: 'Great news! Your video was uploaded successfully and is being processed.',
  /** What a failed POST to storage says; it contains the words that send the flow back to step 2. */
  uploadFailed: 'There was a problem uploading the video. Please choose the file again.',
  /** A failed storage link, as the spec writes it (docs/videos.md, messages). */
  linkFailed: 'error',
} as const;

/** The success toast stays 9 seconds (docs/videos.md, upload). */
export const UPLOADED_TOAST_MS = 9000;

/** The words of an upload error that send the flow back to choosing a file (docs/videos.md, upload). */
const BACK_TO_FILE_CHOICE = 'uploading the video';

export const INITIAL_UPLOAD_FLOW: UploadFlowState = { step: 1 };

export function uploadFlowReducer(state: UploadFlowState, event: UploadFlowEvent): UploadFlowState {
  switch (event.type) {
    case 'reset':
      return INITIAL_UPLOAD_FLOW;
    case 'created':
      return state.step === 1 ? { step: 2, video: event.video, problem: null } : state;
    case 'started':
      return state.step === 2
        ? { step: 3, video: state.video, fileName: event.fileName, upload: { status: 'uploading', loaded: 0, total: event.total } }
        : state;
    case 'progressed':
      return state.step === 3 && state.upload.status === 'uploading'
        ? { ...state, upload: { status: 'uploading', loaded: event.loaded, total: event.total } }
        : state;
    case 'finished':
      return state.step === 3 ? { ...state, upload: { status: 'done' } } : state;
    case 'failed':
      if (state.step !== 3 || state.upload.status !== 'uploading') return state;
      return event.message.includes(BACK_TO_FILE_CHOICE)
        ? { step: 2, video: state.video, problem: event.message }
        : { ...state, upload: { status: 'failed' } };
  }
}

/** The upload's progress as a whole percentage, 0 to 100. */
export function progressPercent(upload: UploadProgress): number {
  if (upload.status === 'done') return 100;
  if (upload.status === 'failed') return 0;
  return upload.total > 0 ? Math.min(100, Math.floor((upload.loaded / upload.total) * 100)) : 0;
}
