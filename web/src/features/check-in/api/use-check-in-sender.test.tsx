import { randomUUID } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { answersWith } from '@core/test-support/answers';
import { ToastProvider } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { ViewerProvider } from '@/lib/viewer';

// jsdom 20 lacks structuredClone, which IndexedDB (fake-indexeddb here) copies values with, and crypto.randomUUID,
// which every browser has on an https or localhost page.
Object.assign(globalThis, { structuredClone: (value: unknown) => deserialize(serialize(value)) });
Object.assign(globalThis.crypto, { randomUUID });
require('fake-indexeddb/auto');

// The API call is a stand-in here; the whole path runs against the stack in tests/browser/offline-check-in.test.ts.
const submitAnswers = jest.fn();
jest.mock('./check-in', () => ({ ...jest.requireActual('./check-in'), submitAnswers: (...args: unknown[]) => submitAnswers(...args) }));

const { useCheckInSender, useQueuedCheckInSender } = require('./use-check-in-sender') as typeof import('./use-check-in-sender');
const { enqueueCheckIn, queuedCheckIns } = require('../lib/offline-queue') as typeof import('../lib/offline-queue');

const DATE = '2026-11-27';
const ANSWERS = answersWith('best');
const dayOf = (date: string) => ({ date, checkedIn: true, dailyScore: 100 });
const noConnection = () => new ApiError([{ message: 'Network error', errorType: null }], 'network');
const CLOSED = 'This check-in was for 26 November, which has closed; answers now count for 27 November.';

let online = true;
let userId = '';

function Page({ onSent }: { onSent: (day: unknown) => void }) {
  const sender = useCheckInSender(DATE, onSent);
  return (
    <>
      <button type="button" onClick={() => void sender.send({ answers: ANSWERS, watchedVideos: false })}>
        Submit
      </button>
      <p role="status">{sender.status}</p>
      {sender.error ? <p role="alert">{sender.error}</p> : null}
    </>
  );
}

function Frame({ children }: { children?: ReactNode }) {
  useQueuedCheckInSender(userId);
  return <>{children}</>;
}

function renderApp(page: ReactNode = null) {
  const viewer = {
    userId,
    fullName: 'Gamer',
    avatarUrl: null,
    groups: ['GAMER'],
    teams: null,
    emailVerified: true,
    selectedTeamId: null,
    selectedTeamRestoring: false,
    hasTeamNotifications: false,
  };
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <ViewerProvider value={viewer}>
          <Frame>{page}</Frame>
        </ViewerProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const goOnline = () =>
  act(() => {
    online = true;
    window.dispatchEvent(new Event('online'));
  });

beforeAll(() => {
  jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});

beforeEach(() => {
  online = true;
  userId = `gamer-${expect.getState().currentTestName}`;
  submitAnswers.mockReset();
});

describe('sending check-ins through the device queue', () => {
  it('keeps a check-in made offline as waiting, and sends it once with its key when the connection returns', async () => {
    online = false;
    const onSent = jest.fn();
    renderApp(<Page onSent={onSent} />);
    act(() => screen.getByRole('button', { name: 'Submit' }).click());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('waiting'));
    const [queued] = await queuedCheckIns(userId);
    expect(queued).toMatchObject({ forDate: DATE, answers: ANSWERS, checkInId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(submitAnswers).not.toHaveBeenCalled();

    submitAnswers.mockResolvedValue(dayOf(DATE));
    goOnline();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(dayOf(DATE)));
    expect(submitAnswers).toHaveBeenCalledTimes(1);
    expect(submitAnswers).toHaveBeenCalledWith(expect.objectContaining({ checkInId: queued.checkInId, forDate: DATE }));
    expect(screen.getByRole('status').textContent).toBe('idle');
    expect(await queuedCheckIns(userId)).toEqual([]);
  });

  it('keeps a check-in whose request found no network, and shows it waiting after a reload', async () => {
    submitAnswers.mockRejectedValue(noConnection());
    const first = renderApp(<Page onSent={jest.fn()} />);
    act(() => screen.getByRole('button', { name: 'Submit' }).click());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('waiting'));
    expect(await queuedCheckIns(userId)).toHaveLength(1);

    first.unmount();
    online = false;
    renderApp(<Page onSent={jest.fn()} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('waiting'));
  });

  it('keeps a check-in whose session AppSync refused (an expired token) for the next start', async () => {
    submitAnswers.mockRejectedValue(new ApiError([{ message: 'Token has expired.', errorType: 'UnauthorizedException' }], 401));
    renderApp(<Page onSent={jest.fn()} />);
    act(() => screen.getByRole('button', { name: 'Submit' }).click());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('waiting'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await queuedCheckIns(userId)).toHaveLength(1);
  });

  it('keeps a check-in the server could not store for now (TryAgain: teammates writing at once) and sends it again by itself', async () => {
    const tryAgain = new ApiError([
      { message: 'Your answers changed at the same time in another session. Please send them again.', errorType: 'TryAgain' },
    ]);
    submitAnswers.mockRejectedValueOnce(tryAgain).mockRejectedValueOnce(tryAgain).mockResolvedValue(dayOf(DATE));
    const onSent = jest.fn();
    renderApp(<Page onSent={onSent} />);
    act(() => screen.getByRole('button', { name: 'Submit' }).click());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('waiting'));
    const [queued] = await queuedCheckIns(userId);
    expect(queued).toMatchObject({ forDate: DATE });
    expect(screen.queryByRole('alert')).toBeNull();

    // No `online` event comes (the device never went offline): the page sends it again after a pause of its own.
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(dayOf(DATE)), { timeout: 10_000 });
    expect(submitAnswers).toHaveBeenCalledTimes(3);
    expect(submitAnswers.mock.calls.map(([variables]) => (variables as { checkInId: string }).checkInId)).toEqual(Array(3).fill(queued.checkInId));
    expect(screen.getByRole('status').textContent).toBe('idle');
    expect(await queuedCheckIns(userId)).toEqual([]);
  }, 15_000);

  it('shows the server’s refusal of a closed day on the page and takes the check-in off the queue', async () => {
    submitAnswers.mockRejectedValue(new ApiError([{ message: CLOSED, errorType: 'Conflict' }]));
    renderApp(<Page onSent={jest.fn()} />);
    act(() => screen.getByRole('button', { name: 'Submit' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe(CLOSED);
    expect(await queuedCheckIns(userId)).toEqual([]);
  });

  it('away from the check-in page, sends what was queued when the app starts and says how each went', async () => {
    const queue = (forDate: string) => ({
      checkInId: randomUUID(),
      forDate,
      answers: ANSWERS,
      watchedVideos: false,
      timeZone: null,
      queuedAt: new Date().toISOString(),
    });
    await enqueueCheckIn(userId, queue('2026-11-26'));
    await enqueueCheckIn(userId, queue(DATE));
    submitAnswers.mockImplementation(async ({ forDate }: { forDate: string }) => {
      if (forDate !== DATE) throw new ApiError([{ message: CLOSED, errorType: 'Conflict' }]);
      return dayOf(DATE);
    });
    renderApp();

    expect(await screen.findByText(CLOSED)).toBeTruthy();
    expect(await screen.findByText('Your check-in for 11/27/2026 was sent.')).toBeTruthy();
    expect(await queuedCheckIns(userId)).toEqual([]);
  });
});
