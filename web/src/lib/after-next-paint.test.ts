/** @jest-environment jsdom */
import { afterNextPaint } from './after-next-paint';

/** Whether the promise has settled once pending callbacks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

const setVisibility = (state: DocumentVisibilityState) => Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });

beforeEach(() => {
  jest.useFakeTimers();
  setVisibility('visible');
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

it('waits for the next frame to be painted in a visible tab', async () => {
  const painted = afterNextPaint();
  expect(await settled(painted)).toBe(false);
  jest.advanceTimersByTime(16); // the frame
  jest.advanceTimersByTime(1); // the task after it: well before the 100 ms limit
  expect(await settled(painted)).toBe(true);
});

it('does not wait in a hidden tab, which paints no frames', async () => {
  setVisibility('hidden');
  expect(await settled(afterNextPaint())).toBe(true);
});

it('stops waiting after 100 ms when no frame comes (the tab was hidden meanwhile)', async () => {
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
  const painted = afterNextPaint();
  jest.advanceTimersByTime(99);
  expect(await settled(painted)).toBe(false);
  jest.advanceTimersByTime(1);
  expect(await settled(painted)).toBe(true);
});
