/** Longest wait for a frame: a tab hidden meanwhile gets no frames, and its work must still start. */
const FRAME_WAIT_LIMIT_MS = 100;

/**
 * Resolves once the browser has painted the current frame (the classic animation frame, then a task), at once in a
 * hidden tab. Work that can start a frame later, such as loading the API client's code, then no longer starts before
 * the page's first paint and competes with it (docs/performance.md).
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, FRAME_WAIT_LIMIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
