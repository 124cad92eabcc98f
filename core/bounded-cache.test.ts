import fc from 'fast-check';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('keeps at most its capacity, dropping the least recently used entry first', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // "b" is now the least recently used
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('answers every sequence of reads, writes, deletions and clears as a list ordered by last use would', () => {
    const key = fc.integer({ min: 0, max: 5 });
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('get' as const), key }),
      fc.record({ kind: fc.constant('set' as const), key, value: fc.integer() }),
      fc.record({ kind: fc.constant('delete' as const), key }),
      fc.record({ kind: fc.constant('clear' as const) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(operation, { maxLength: 60 }), (capacity, operations) => {
        const cache = new BoundedCache<number, number>(capacity);
        // The model: entries from the least to the most recently used.
        let model: [number, number][] = [];
        const answers = operations.map((operation) => {
          if (operation.kind === 'clear') {
            cache.clear();
            model = [];
            return null;
          }
          const known = model.find(([key]) => key === operation.key);
          model = model.filter(([key]) => key !== operation.key);
          if (operation.kind === 'get') {
            if (known) model.push(known);
            return [cache.get(operation.key), known?.[1]];
          }
          if (operation.kind === 'set') {
            cache.set(operation.key, operation.value);
            model = [...model, [operation.key, operation.value] as [number, number]].slice(-capacity);
          } else cache.delete(operation.key);
          return [cache.size, model.length];
        });
        expect(answers.filter((answer) => answer !== null && answer[0] !== answer[1])).toEqual([]);
        // What is left, from the least recently used, is the model's (each get renews, so read them in the model's order).
        expect(model.map(([key]) => cache.get(key))).toEqual(model.map(([, value]) => value));
      }),
      { numRuns: 500 },
    );
  });
});
