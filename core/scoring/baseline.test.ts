import { baselineDeviation, baselineOf, baselineWindow, BASELINE_MIN_CHECK_INS } from './baseline';

describe('baselines (docs/scoring.md, "Baselines")', () => {
  it('needs at least 7 values, and leaves days without a value out', () => {
    expect(baselineOf([70, 72, null, 74, 76, 78, 80])).toBeNull();
    const baseline = baselineOf([70, 72, null, 74, 76, 78, 80, 82]);
    expect(baseline?.count).toBe(BASELINE_MIN_CHECK_INS);
    expect(baseline?.mean).toBeCloseTo(76, 6);
    // sample standard deviation of 70..82 by 2: sqrt(112 / 6)
    expect(baseline?.sd).toBeCloseTo(Math.sqrt(112 / 6), 6);
  });

  it('flags a value more than one standard deviation below the mean, and not one within it', () => {
    const baseline = baselineOf([60, 70, 80, 60, 70, 80, 70])!;
    expect(baselineDeviation(baseline.mean - baseline.sd * 1.01, baseline)?.below).toBe(true);
    expect(baselineDeviation(baseline.mean - baseline.sd * 0.99, baseline)?.below).toBe(false);
    expect(baselineDeviation(55, baseline)).toMatchObject({ delta: -15, below: true });
    expect(baselineDeviation(90, baseline)).toMatchObject({ delta: 20, below: false });
  });

  it('with a flat history flags any drop of a whole point', () => {
    const flat = baselineOf([70, 70, 70, 70, 70, 70, 70])!;
    expect(baselineDeviation(69, flat)).toEqual({ delta: -1, z: null, below: true });
    expect(baselineDeviation(70, flat)).toEqual({ delta: 0, z: null, below: false });
  });

  it('has no deviation without a value or a baseline', () => {
    expect(baselineDeviation(null, baselineOf([1, 2, 3, 4, 5, 6, 7]))).toBeNull();
    expect(baselineDeviation(50, null)).toBeNull();
  });

  it('covers the 28 days before today, today left out', () => {
    expect(baselineWindow('2026-03-29')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-28' });
  });
});
