import { workThroughDueShards } from './due-shards';

// Two shards: shard 0 with two pages, shard 1 with one.
const pages: Record<string, { items: string[]; cursor: string | null }> = {
  '0:': { items: ['a', 'b'], cursor: 'p2' },
  '0:p2': { items: ['c'], cursor: null },
  '1:': { items: ['d'], cursor: null },
};
const duePage = async (shard: number, cursor: string | null) => pages[`${shard}:${cursor ?? ''}`]!;

describe('workThroughDueShards', () => {
  it('works every item of every page of every shard, in order, and says it finished', async () => {
    const done: string[] = [];
    await expect(workThroughDueShards([0, 1], duePage, async (item) => void done.push(item), { limit: 2 })).resolves.toBe(true);
    expect(done).toEqual(['a', 'b', 'c', 'd']);
  });

  it('starts no page once the time budget has passed, and says it stopped', async () => {
    const done: string[] = [];
    const stopAfter = Date.now() + 60_000;
    const work = async (item: string) => {
      done.push(item);
      if (item === 'b') jest.setSystemTime(stopAfter + 1);
    };
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      await expect(workThroughDueShards([0, 1], duePage, work, { limit: 2, stopAfter })).resolves.toBe(false);
    } finally {
      jest.useRealTimers();
    }
    expect(done).toEqual(['a', 'b']);
  });
});
