import fc from 'fast-check';
import { readinessTier, scoreLabel } from './labels';

describe('readiness tiers (80 Game On, 60 Moderately Ready, 45 Subpar Ready, else Not Ready)', () => {
  it.each([
    [100, 'Game On'],
    [80, 'Game On'],
    [79, 'Moderately Ready'],
    [60, 'Moderately Ready'],
    [59, 'Subpar Ready'],
    [45, 'Subpar Ready'],
    [44, 'Not Ready'],
    [1, 'Not Ready'],
    [0, null],
    [null, null],
    [undefined, null],
  ])('%p -> %p', (score, tier) => {
    expect(readinessTier(score)).toBe(tier);
  });

  it('judges the whole number shown', () => {
    expect(readinessTier(79.5)).toBe('Game On');
    expect(readinessTier(79.4)).toBe('Moderately Ready');
    expect(readinessTier(0.4)).toBeNull();
  });
});

describe('score labels (80 Peak Form, 60 Pretty Solid, 40 Not Ideal, below Danger Zone)', () => {
  it.each([
    [80, 'Peak Form', 'Peak Form'],
    [79, 'Pretty Solid', 'Pretty Solid'],
    [60, 'Pretty Solid', 'Pretty Solid'],
    [59, 'Not Ideal', 'Not Ideal'],
    [45, 'Not Ideal', 'Not Ideal'],
    [44, 'Not Ideal', 'Danger Zone'],
    [40, 'Not Ideal', 'Danger Zone'],
    [39, 'Danger Zone', 'Danger Zone'],
    [1, 'Danger Zone', 'Danger Zone'],
    [0, 'No data', 'No data'],
    [null, 'No data', 'No data'],
  ])('%p -> %p (with the 45 cutoff: %p)', (score, regular, strict) => {
    expect(scoreLabel(score)).toBe(regular);
    expect(scoreLabel(score, { notIdealCutoff: 45 })).toBe(strict);
  });

  it('reads No Gaming whenever the day is flagged, whatever the score', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }), (score) => {
        expect(scoreLabel(score, { noGaming: true })).toBe('No Gaming');
      }),
    );
  });

  it('orders labels and tiers with the score: a higher score never gets a worse label or tier', () => {
    const labelRank = ['No data', 'Danger Zone', 'Not Ideal', 'Pretty Solid', 'Peak Form'];
    const tierRank = [null, 'Not Ready', 'Subpar Ready', 'Moderately Ready', 'Game On'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), fc.constantFrom(40 as const, 45 as const), (a, b, cutoff) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(labelRank.indexOf(scoreLabel(high, { notIdealCutoff: cutoff }))).toBeGreaterThanOrEqual(
          labelRank.indexOf(scoreLabel(low, { notIdealCutoff: cutoff })),
        );
        expect(tierRank.indexOf(readinessTier(high))).toBeGreaterThanOrEqual(tierRank.indexOf(readinessTier(low)));
      }),
    );
  });
});
