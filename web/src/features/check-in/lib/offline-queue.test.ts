import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { answersWith } from '@core/test-support/answers';
import { dequeueCheckIn, enqueueCheckIn, flushCheckIns, type QueuedCheckIn, queuedCheckIns, type SendOutcome } from './offline-queue';

const checkIn = (forDate: string, watchedVideos = false): QueuedCheckIn => ({
  checkInId: randomUUID(),
  forDate,
  answers: answersWith('best'),
  watchedVideos,
  timeZone: 'Europe/Berlin',
  queuedAt: new Date().toISOString(),
});

class NoConnection extends Error {}
const isTransient = (error: unknown) => error instanceof NoConnection;

/** A stand-in for the API: answers each check-in with its day, or with the failure given for its day. */
function server(failures: Record<string, Error> = {}) {
  const sent: QueuedCheckIn[] = [];
  return {
    sent,
    send: async (queued: QueuedCheckIn) => {
      sent.push(queued);
      const failure = failures[queued.forDate];
      if (failure) throw failure;
      return { date: queued.forDate };
    },
  };
}

function flush(userId: string, api: ReturnType<typeof server>) {
  const outcomes: SendOutcome<{ date: string }>[] = [];
  return { outcomes, done: flushCheckIns(userId, { send: api.send, isTransient, report: (outcome) => outcomes.push(outcome) }) };
}

describe('the offline check-in queue', () => {
  it('keeps each user’s check-ins apart, one per day: a new one for a queued day replaces it', async () => {
    const monday = checkIn('2026-11-23');
    const corrected = checkIn('2026-11-23', true);
    const tuesday = checkIn('2026-11-24');
    await enqueueCheckIn('gamer-a', monday);
    await enqueueCheckIn('gamer-a', tuesday);
    await enqueueCheckIn('gamer-a', corrected);
    await enqueueCheckIn('gamer-b', checkIn('2026-11-23'));

    expect(await queuedCheckIns('gamer-a')).toEqual([tuesday, corrected]);
    expect(await queuedCheckIns('gamer-b')).toHaveLength(1);
    await dequeueCheckIn('gamer-a', tuesday.checkInId);
    expect(await queuedCheckIns('gamer-a')).toEqual([corrected]);
  });

  it('sends the queue oldest first and empties it, reporting each day', async () => {
    const first = checkIn('2026-11-24');
    const second = checkIn('2026-11-25');
    await enqueueCheckIn('sender', first);
    await enqueueCheckIn('sender', second);
    const api = server();
    const { outcomes, done } = flush('sender', api);
    await done;

    expect(api.sent).toEqual([first, second]);
    expect(outcomes).toEqual([
      { kind: 'sent', checkIn: first, day: { date: first.forDate } },
      { kind: 'sent', checkIn: second, day: { date: second.forDate } },
    ]);
    expect(await queuedCheckIns('sender')).toEqual([]);
  });

  it('keeps what found no connection, with its key, and sends it with the same key later', async () => {
    const queued = checkIn('2026-11-26');
    await enqueueCheckIn('offline', queued);
    const offline = flush('offline', server({ '2026-11-26': new NoConnection('Failed to fetch') }));
    await offline.done;
    expect(offline.outcomes).toEqual([{ kind: 'waiting', checkIn: queued }]);
    expect(await queuedCheckIns('offline')).toEqual([queued]);

    const online = server();
    await flush('offline', online).done;
    expect(online.sent.map((sent) => sent.checkInId)).toEqual([queued.checkInId]);
    expect(await queuedCheckIns('offline')).toEqual([]);
  });

  it('takes a refused check-in off the queue with the server’s words, and goes on with the next', async () => {
    const closed = checkIn('2026-11-26');
    const open = checkIn('2026-11-27');
    await enqueueCheckIn('refused', closed);
    await enqueueCheckIn('refused', open);
    const message = 'This check-in was for 26 November, which has closed; answers now count for 27 November.';
    const { outcomes, done } = flush('refused', server({ '2026-11-26': new Error(message) }));
    await done;

    expect(outcomes).toEqual([
      { kind: 'refused', checkIn: closed, message },
      { kind: 'sent', checkIn: open, day: { date: open.forDate } },
    ]);
    expect(await queuedCheckIns('refused')).toEqual([]);
  });

  it('sends each check-in once when flushes overlap, including one queued during the flush', async () => {
    const first = checkIn('2026-11-26');
    await enqueueCheckIn('overlap', first);
    const api = server();
    const one = flush('overlap', api);
    const later = checkIn('2026-11-27');
    await enqueueCheckIn('overlap', later);
    const other = flush('overlap', api);
    await Promise.all([one.done, other.done]);

    expect(api.sent).toEqual([first, later]);
    expect(await queuedCheckIns('overlap')).toEqual([]);
  });
});
