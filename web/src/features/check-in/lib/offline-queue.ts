import type { AnswerInput } from '@core/check-in';
import { createStore, get, update, type UseStore } from 'idb-keyval';

/**
 * Check-ins kept on the device until the server has them (docs/architecture.md, "Installable app"): one list per
 * signed-in user in IndexedDB, so a check-in made without a connection outlives a reload or a closed app, and another
 * account signed in on the same device never sends it. Each carries a key (checkInId) made once when it is queued:
 * the server takes a key it has seen as the same check-in (docs/scoring.md, "Sending a check-in again").
 */
export interface QueuedCheckIn {
  checkInId: string;
  /** The score day the gamer answered for; the server refuses the check-in once that day has closed. */
  forDate: string;
  answers: AnswerInput[];
  watchedVideos: boolean;
  timeZone: string | null;
  queuedAt: string;
}

let store: UseStore | undefined;
// Opened on first use: a page that never queues a check-in never opens the database.
const queueStore = () => (store ??= createStore('fitgauge-check-ins', 'queue'));

/** The user's queued check-ins, oldest first. */
export async function queuedCheckIns(userId: string): Promise<QueuedCheckIn[]> {
  return (await get<QueuedCheckIn[]>(userId, queueStore())) ?? [];
}

/** Queues a check-in in place of one queued for the same day: each check-in is the day's full answer set. */
export async function enqueueCheckIn(userId: string, checkIn: QueuedCheckIn): Promise<void> {
  // update() reads and writes in one IndexedDB transaction, so two tabs queueing at once lose neither.
  await update<QueuedCheckIn[]>(userId, (queued = []) => [...queued.filter((other) => other.forDate !== checkIn.forDate), checkIn], queueStore());
}

export async function dequeueCheckIn(userId: string, checkInId: string): Promise<void> {
  await update<QueuedCheckIn[]>(userId, (queued = []) => queued.filter((other) => other.checkInId !== checkInId), queueStore());
}

/** What became of a queued check-in when it was sent. */
export type SendOutcome<Day> =
  | { kind: 'sent'; checkIn: QueuedCheckIn; day: Day }
  /** The server said no (e.g. its day has closed): taken off the queue, with the server's words for the gamer. */
  | { kind: 'refused'; checkIn: QueuedCheckIn; message: string }
  /** No connection (or a server that did not answer): kept for the next try. */
  | { kind: 'waiting'; checkIn: QueuedCheckIn };

interface FlushOptions<Day> {
  send: (checkIn: QueuedCheckIn) => Promise<Day>;
  /** Whether a failed send may succeed later (no connection, a server error), so the check-in stays queued. */
  isTransient: (error: unknown) => boolean;
  report: (outcome: SendOutcome<Day>) => void;
}

async function sendQueued<Day>(userId: string, { send, isTransient, report }: FlushOptions<Day>): Promise<void> {
  for (const checkIn of await queuedCheckIns(userId)) {
    try {
      const day = await send(checkIn);
      await dequeueCheckIn(userId, checkIn.checkInId);
      report({ kind: 'sent', checkIn, day });
    } catch (error) {
      if (isTransient(error)) {
        // The ones after it would find no connection either.
        report({ kind: 'waiting', checkIn });
        return;
      }
      await dequeueCheckIn(userId, checkIn.checkInId);
      report({ kind: 'refused', checkIn, message: error instanceof Error ? error.message : String(error) });
    }
  }
}

const flushes = new Map<string, { done: Promise<void>; again: boolean }>();

/**
 * Sends the user's queued check-ins, oldest first. One flush per user at a time in this page: a call during one makes
 * it go over the queue once more when done (a check-in queued meanwhile is sent too), and shares its promise.
 */
export function flushCheckIns<Day>(userId: string, options: FlushOptions<Day>): Promise<void> {
  const running = flushes.get(userId);
  if (running) {
    running.again = true;
    return running.done;
  }
  const flush = { again: true, done: Promise.resolve() };
  flush.done = (async () => {
    try {
      while (flush.again) {
        flush.again = false;
        await sendQueued(userId, options);
      }
    } finally {
      flushes.delete(userId);
    }
  })();
  flushes.set(userId, flush);
  return flush.done;
}
