/**
 * Where the upload flow is, kept outside the page: an upload keeps running, and the page shows where it is, when the
 * admin looks at another page meanwhile. Opening "Add a video" from the navigation starts afresh (clearUploadFlow).
 * No API code here, so the navigation can clear the flow without loading the upload's code.
 */
import { INITIAL_UPLOAD_FLOW, uploadFlowReducer, type UploadFlowEvent, type UploadFlowState } from './upload-flow';

let state: UploadFlowState = INITIAL_UPLOAD_FLOW;
const listeners = new Set<() => void>();

export function dispatchUploadFlow(event: UploadFlowEvent) {
  const next = uploadFlowReducer(state, event);
  if (next === state) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export const uploadFlowState = () => state;

export function subscribeUploadFlow(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Forgets an earlier upload; an upload still running goes on (and says when it is done) but is no longer shown. */
export function clearUploadFlow() {
  dispatchUploadFlow({ type: 'reset' });
}
