import fc from 'fast-check';
import { dailyScoreArbitrary, dayAt } from '../test-support/arbitraries';
import { FG_TARGET_STEP } from './constants';
import { advanceFgState, type FgDayInput, fgScoreSeries, fgStateAsOf, fgTarget, fgWeight } from './fg-score';

/** Calendar days from 2026-01-01: a number is a check-in with that daily score, null a missed day. */
const seriesOf = (scores: (number | null)[], watched: (offset: number) => boolean = () => false) =>
  fgScoreSeries(scores.map((dailyScore, offset): FgDayInput => ({ date: dayAt(offset), dailyScore, watchedVideos: watched(offset) })));

const historyArbitrary = fc.array(fc.option(dailyScoreArbitrary, { nil: null }), { minLength: 1, maxLength: 60 });

describe('fgScore', () => {
  it('ramps the daily weight from 1/n down to 6%', () => {
    expect([1, 2, 10, 16, 17, 100].map(fgWeight)).toEqual([1, 1 / 2, 1 / 10, 1 / 16, 0.06, 0.06]);
  });

  it('raises the target from 80 by 10/15 (about 0.667) per consecutive day up to 90', () => {
    expect(FG_TARGET_STEP).toBeCloseTo(0.667, 3);
    expect(fgTarget(0)).toBe(80);
    expect(fgTarget(1)).toBe(80);
    expect(fgTarget(2)).toBeCloseTo(80.667, 3);
    expect(fgTarget(16)).toBe(90);
    expect(fgTarget(400)).toBe(90);
  });

  it('stays within 0..90, or 0..100 on a day with videos watched', () => {
    fc.assert(
      fc.property(historyArbitrary, fc.func(fc.boolean()), (scores, watched) => {
        for (const state of seriesOf(scores, (offset) => watched(offset))) {
          expect(Number.isInteger(state.fgScore)).toBe(true);
          expect(state.fgScore).toBeGreaterThanOrEqual(state.watchedVideos ? 10 : 0);
          expect(state.fgScore).toBeLessThanOrEqual(state.watchedVideos ? 100 : 90);
        }
      }),
    );
  });

  it('adds exactly 10 for watching videos, on that day only', () => {
    fc.assert(
      fc.property(historyArbitrary, fc.nat(), (scores, pick) => {
        const bonusDay = pick % scores.length;
        const without = seriesOf(scores);
        const withVideos = seriesOf(scores, (offset) => offset === bonusDay);
        const firstCheckIn = scores.findIndex((score) => score !== null);
        without.forEach((state, index) => {
          const offset = index + firstCheckIn;
          expect(withVideos[index].fgScore - state.fgScore).toBe(offset === bonusDay ? 10 : 0);
        });
      }),
    );
  });

  it('caps a perfect run at 90 and 100 with videos, reaching 90 on the 16th consecutive day', () => {
    const perfect = seriesOf(Array(20).fill(100), (offset) => offset === 19);
    expect(perfect.map((state) => state.fgScore)).toEqual([80, 81, 81, 82, 83, 83, 84, 85, 85, 86, 87, 87, 88, 89, 89, 90, 90, 90, 90, 100]);
  });

  it('counts the streak in consecutive days and resets it after a missed day', () => {
    const states = seriesOf([70, 70, null, 70, 70, 70]);
    expect(states.map((state) => state.streak)).toEqual([1, 2, 0, 1, 2, 3]);
    expect(states.map((state) => state.target)).toEqual([80, fgTarget(2), 80, 80, fgTarget(2), fgTarget(3)]);
  });

  it('keeps the streak equal to the run of check-ins ending that day and the target on the ramp', () => {
    fc.assert(
      fc.property(historyArbitrary, (scores) => {
        const firstCheckIn = scores.findIndex((score) => score !== null);
        fc.pre(firstCheckIn >= 0);
        seriesOf(scores).forEach((state, index) => {
          const upTo = scores.slice(0, firstCheckIn + index + 1);
          const run = upTo.length - 1 - upTo.findLastIndex((score) => score === null);
          expect(state.streak).toBe(run);
          expect(state.target).toBeCloseTo(Math.min(90, 80 + (10 / 15) * Math.max(0, state.streak - 1)), 9);
        });
      }),
    );
  });

  it('never lowers a later fgScore when an earlier daily score rises', () => {
    fc.assert(
      fc.property(historyArbitrary, fc.nat(), dailyScoreArbitrary, (scores, pick, raise) => {
        const index = pick % scores.length;
        fc.pre(scores[index] !== null);
        const raised = scores.map((score, offset) => (offset === index ? Math.max(score!, raise) : score));
        const before = seriesOf(scores);
        seriesOf(raised).forEach((state, position) => expect(state.fgScore).toBeGreaterThanOrEqual(before[position].fgScore));
      }),
    );
  });

  it('gives the same state stepping day by day as jumping over missed days', () => {
    fc.assert(
      fc.property(historyArbitrary, dailyScoreArbitrary, fc.integer({ min: 1, max: 40 }), (scores, today, gap) => {
        const series = seriesOf(scores);
        fc.pre(series.length > 0);
        const last = series.at(-1)!;
        const date = dayAt(scores.length - 1 + gap);
        const jumped = advanceFgState(last, { date, dailyScore: today, watchedVideos: false });
        const stepped = seriesOf([...scores, ...Array(gap - 1).fill(null), today]).at(-1);
        expect(jumped).toEqual(stepped);
        expect(fgStateAsOf(last, last.date)).toBe(last);
      }),
    );
  });

  it('has no state before the first check-in and refuses to step backwards', () => {
    expect(advanceFgState(null, { date: dayAt(0), dailyScore: null, watchedVideos: true })).toBeNull();
    const first = advanceFgState(null, { date: dayAt(1), dailyScore: 50, watchedVideos: false })!;
    expect(() => advanceFgState(first, { date: dayAt(1), dailyScore: 60, watchedVideos: false })).toThrow(RangeError);
  });
});
