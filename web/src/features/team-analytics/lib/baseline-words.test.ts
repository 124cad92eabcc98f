import { deviationWords, heatMapCell } from './baseline-words';

describe('baseline words', () => {
  it('says how far a score is from the member’s baseline, and when there is none', () => {
    expect(deviationWords({ delta: -9, z: -1.5, below: true })).toBe('9 below baseline');
    expect(deviationWords({ delta: 3, z: 0.5, below: false })).toBe('3 above baseline');
    expect(deviationWords({ delta: 0, z: 0, below: false })).toBe('at baseline');
    expect(deviationWords(null)).toBe('no baseline yet');
  });

  it('colours a heat-map day by the tier of its FG Score and flags a drop', () => {
    expect(heatMapCell({ date: '2026-04-10', fgScore: 40, baselineDeviation: { delta: -12, z: -2, below: true } })).toEqual({
      colour: '#ef4444',
      text: '40',
      detail: 'FG Score 40, Not Ready, 12 below baseline (a drop)',
    });
    expect(heatMapCell({ date: '2026-04-10', fgScore: 85, baselineDeviation: null }).detail).toBe('FG Score 85, Game On, no baseline yet');
    expect(heatMapCell({ date: '2026-04-10', fgScore: null, baselineDeviation: null }).text).toBe('✓');
  });
});
