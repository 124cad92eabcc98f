import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useToast } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { isTransient, readRetryDelay, SCORES_QUERY_KEY } from '@/lib/query-client';
import { formatScoreDay } from '@/lib/score-display';
import { browserTimeZone } from '@/lib/time-zone';
import { useViewer } from '@/lib/viewer';
import { enqueueCheckIn, flushCheckIns, type QueuedCheckIn, queuedCheckIns, type SendOutcome } from '../lib/offline-queue';
import { type CheckInDay, submitAnswers, type SubmitAnswersVariables } from './check-in';
import { checkInKeys } from './keys';

/**
 * Sending check-ins through the device's queue (lib/offline-queue.ts; docs/architecture.md, "Installable app"): the
 * check-in page queues each one and sends it at once when it can; the signed-in app sends what is left when it starts,
 * when the connection returns, and when the service worker's Background Sync fires (web/public/check-in-sync.js).
 */

/** Background Sync's tag, and the message the service worker posts to open pages when it fires. */
const SYNC_TAG = 'fitgauge-check-ins';
const SYNC_MESSAGE = 'fitgauge-flush-check-ins';

type Outcome = SendOutcome<CheckInDay>;
type OutcomeListener = (outcome: Outcome) => void;

// The open check-in page hears how its sends went; elsewhere in the app a toast tells the gamer.
let pageListener: OutcomeListener | null = null;
let appListener: OutcomeListener | null = null;
const tell = (outcome: Outcome) => (pageListener ?? appListener)?.(outcome);

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the service worker to wake the app when the connection returns (Chromium's Background Sync; elsewhere nothing). */
function requestBackgroundSync(): void {
  navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => (registration as SyncRegistration | undefined)?.sync?.register(SYNC_TAG))
    .catch(() => undefined);
}

function showDay(queryClient: QueryClient, day: CheckInDay): void {
  // The check-in page's day; a queued check-in sent from anywhere in the app puts its answer there.
  const checkInQueryKey = checkInKeys.today();
  // A day sent late (its first answer was lost) is not always the day the page shows: that one is read again.
  if (queryClient.getQueryData<CheckInDay>(checkInQueryKey)?.date === day.date) queryClient.setQueryData(checkInQueryKey, day);
  else void queryClient.invalidateQueries({ queryKey: checkInQueryKey });
  void queryClient.invalidateQueries({ queryKey: SCORES_QUERY_KEY });
}

const sendCheckIn = ({ checkInId, forDate, answers, watchedVideos, timeZone: zone }: QueuedCheckIn) =>
  submitAnswers({ answers, watchedVideos, timeZone: zone, checkInId, forDate });

/**
 * Sends a check-in left waiting again by itself a few times, a little later each time (with jitter, so teammates
 * refused together do not come back together), while the device says it is online: a server that refused it for the
 * moment (TryAgain, a failure inside) or did not answer fires no `online` event. After that it waits for the next start,
 * `online` or Background Sync, as a check-in made offline does.
 */
const AUTOMATIC_RESENDS = 5;
const resends = new Map<string, { timer?: ReturnType<typeof setTimeout>; tries: number }>();

function resendLater(userId: string, queryClient: QueryClient): void {
  const resend = resends.get(userId) ?? { tries: 0 };
  resends.set(userId, resend);
  clearTimeout(resend.timer);
  if (!navigator.onLine || resend.tries >= AUTOMATIC_RESENDS) return;
  resend.tries += 1;
  resend.timer = setTimeout(() => void flush(userId, queryClient), readRetryDelay(resend.tries));
}

function stopResending(userId: string): void {
  clearTimeout(resends.get(userId)?.timer);
  resends.delete(userId);
}

function report(userId: string, queryClient: QueryClient, outcome: Outcome): void {
  if (outcome.kind === 'sent') {
    stopResending(userId);
    showDay(queryClient, outcome.day);
  }
  if (outcome.kind === 'waiting') {
    requestBackgroundSync();
    resendLater(userId, queryClient);
  }
  tell(outcome);
}

/**
 * Whether a check-in that failed may go out later and stays queued: no connection or a failing server, or a session
 * AppSync did not take (an expired token: it is renewed, or the gamer signs in again, and the app sends it then).
 */
const mayGoOutLater = (error: unknown) =>
  isTransient(error) || (error instanceof ApiError && (error.transport === 401 || error.errorType === 'UnauthorizedException'));

function flush(userId: string, queryClient: QueryClient): Promise<void> {
  return flushCheckIns(userId, { send: sendCheckIn, isTransient: mayGoOutLater, report: (outcome) => report(userId, queryClient, outcome) });
}

/** A check-in sent without the queue (this device keeps no IndexedDB, e.g. storage blocked): once, as typed. */
async function sendUnqueued(userId: string, checkIn: QueuedCheckIn, queryClient: QueryClient): Promise<void> {
  try {
    report(userId, queryClient, { kind: 'sent', checkIn, day: await sendCheckIn(checkIn) });
  } catch (error) {
    report(userId, queryClient, { kind: 'refused', checkIn, message: error instanceof Error ? error.message : String(error) });
  }
}

type SendStatus = 'idle' | 'sending' | 'waiting';

interface CheckInSender {
  send: (answers: Pick<SubmitAnswersVariables, 'answers' | 'watchedVideos'>) => Promise<void>;
  /** waiting: kept on this device until the connection returns. */
  status: SendStatus;
  /** The server's refusal of the last check-in sent (e.g. its day has closed). */
  error: string | null;
}

/** Reads the score days of `userId`'s queued check-ins into `then`, unless cancelled (the returned function) first. */
function readQueuedDates(userId: string, then: (dates: string[]) => void): () => void {
  let live = true;
  queuedCheckIns(userId).then(
    (queued) => live && then(queued.map((checkIn) => checkIn.forDate)),
    () => undefined,
  );
  return () => {
    live = false;
  };
}

/** The score days of the signed-in gamer's check-ins kept on this device, as the page opens. */
export function useQueuedCheckInDates(): string[] {
  const userId = useViewer()?.userId ?? null;
  const [dates, setDates] = useState<string[]>([]);
  useEffect(() => (userId ? readQueuedDates(userId, setDates) : undefined), [userId]);
  return dates;
}

/**
 * The check-in page's sending of the day `date`: queued first, so answers given offline are kept, then sent at once
 * when online. `onSent` gets the day the server stored, also when a check-in left waiting goes out later.
 */
export function useCheckInSender(date: string, onSent: (day: CheckInDay) => void): CheckInSender {
  const userId = useViewer()?.userId ?? null;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SendStatus>('idle');
  const [error, setError] = useState<string | null>(null);

  // A check-in of this day still queued (made offline before a reload) shows as waiting.
  useEffect(() => {
    if (!userId) return;
    return readQueuedDates(userId, (dates) => dates.includes(date) && setStatus('waiting'));
  }, [userId, date]);

  const onOutcome = useEffectEvent((outcome: Outcome) => {
    if (outcome.kind === 'refused') {
      setError(outcome.message);
      setStatus('idle');
    } else if (outcome.checkIn.forDate === date) {
      setStatus(outcome.kind === 'waiting' ? 'waiting' : 'idle');
      if (outcome.kind === 'sent') onSent(outcome.day);
    }
  });
  useEffect(() => {
    const listener: OutcomeListener = (outcome) => onOutcome(outcome);
    pageListener = listener;
    return () => {
      if (pageListener === listener) pageListener = null;
    };
  }, []);

  const send = useCallback(
    async ({ answers, watchedVideos }: Pick<SubmitAnswersVariables, 'answers' | 'watchedVideos'>) => {
      if (!userId) return;
      setError(null);
      setStatus('sending');
      const checkIn: QueuedCheckIn = {
        checkInId: crypto.randomUUID(),
        forDate: date,
        answers,
        watchedVideos,
        timeZone: browserTimeZone(),
        queuedAt: new Date().toISOString(),
      };
      try {
        await enqueueCheckIn(userId, checkIn);
      } catch {
        await sendUnqueued(userId, checkIn, queryClient);
        return;
      }
      if (navigator.onLine) {
        await flush(userId, queryClient);
      } else {
        setStatus('waiting');
        requestBackgroundSync();
      }
      // A flush another tab's check-in replaced, or that had nothing left to send, leaves nothing pending here.
      setStatus((current) => (current === 'sending' ? 'idle' : current));
    },
    [userId, date, queryClient],
  );

  return { send, status, error };
}

/**
 * Sends the signed-in gamer's queued check-ins when the app starts, when the connection returns and when the service
 * worker relays Background Sync; away from the check-in page a toast says how each went. Mounted once by the
 * signed-in frame; null (not a gamer) does nothing.
 */
export function useQueuedCheckInSender(userId: string | null): void {
  const queryClient = useQueryClient();
  const toast = useToast();
  useEffect(() => {
    if (!userId) return;
    const flushNow = () => {
      if (navigator.onLine) void flush(userId, queryClient);
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      if ((event.data as { type?: unknown } | null)?.type === SYNC_MESSAGE) flushNow();
    };
    appListener = (outcome) => {
      if (outcome.kind === 'sent') toast.success(`Your check-in for ${formatScoreDay(outcome.checkIn.forDate)} was sent.`);
      // The gamer must read why it was not counted: it stays longer than a save's toast.
      if (outcome.kind === 'refused') toast.error(outcome.message, { durationMs: 15_000 });
    };
    flushNow();
    window.addEventListener('online', flushNow);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      appListener = null;
      // Signed out (or another account signed in): this user's check-ins wait for his next start.
      stopResending(userId);
      window.removeEventListener('online', flushNow);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [userId, queryClient, toast]);
}
