import { simulateFgScore } from '@core/simulator';
import { initialSimulatorState, parseScoreText, type SimulatorAction, simulationOf, simulatorReducer, validateDay } from './simulator-state';

const run = (...actions: SimulatorAction[]) => actions.reduce(simulatorReducer, initialSimulatorState);

describe('simulator state', () => {
  it('picks a day into the simulation and makes it the day being edited', () => {
    const state = run({ type: 'pick', date: '2026-04-02' }, { type: 'pick', date: '2026-04-01' });
    expect(state.active).toBe('2026-04-01');
    expect(Object.keys(state.days).sort()).toEqual(['2026-04-01', '2026-04-02']);
    expect(state.days['2026-04-01']).toEqual({ score: '', watchedVideos: false });
  });

  it('keeps what was typed when a picked day is picked again', () => {
    const state = run(
      { type: 'pick', date: '2026-04-01' },
      { type: 'score', date: '2026-04-01', score: '70' },
      { type: 'pick', date: '2026-04-02' },
      { type: 'pick', date: '2026-04-01' },
    );
    expect(state.days['2026-04-01']!.score).toBe('70');
  });

  it('Reset Day takes one day out; Reset All Days empties the simulation', () => {
    const picked = run(
      { type: 'pick', date: '2026-04-01' },
      { type: 'score', date: '2026-04-01', score: '70' },
      { type: 'pick', date: '2026-04-02' },
      { type: 'watched', date: '2026-04-02', watchedVideos: true },
    );
    const reset = simulatorReducer(picked, { type: 'resetDay', date: '2026-04-02' });
    expect(Object.keys(reset.days)).toEqual(['2026-04-01']);
    expect(reset.active).toBe('2026-04-02');
    expect(simulatorReducer(picked, { type: 'resetAll' })).toEqual(initialSimulatorState);
  });
});

describe('validation (the shared simulator schema)', () => {
  it('reads typed text as a number only when it is a plain number', () => {
    expect(parseScoreText(' 80 ')).toBe(80);
    expect(parseScoreText('')).toBeUndefined();
    expect(parseScoreText('4.5')).toBe(4.5);
    expect(parseScoreText('1e2')).toBeNaN();
    expect(parseScoreText('abc')).toBeNaN();
  });

  it.each([
    ['', 'Enter a daily score from 0 to 100.'],
    ['abc', 'Enter a daily score from 0 to 100.'],
    ['4.5', 'Enter a whole number from 0 to 100.'],
    ['-1', 'The daily score cannot be below 0.'],
    ['101', 'The daily score cannot be above 100.'],
  ])('refuses %p with a clear message', (score, message) => {
    expect(validateDay('2026-04-01', { score, watchedVideos: false })).toEqual({ day: null, problem: message });
  });

  it.each(['0', '100', '55'])('accepts %p', (score) => {
    expect(validateDay('2026-04-01', { score, watchedVideos: true }).day).toEqual({
      date: '2026-04-01',
      dailyScore: Number(score),
      watchedVideos: true,
    });
  });
});

describe('the simulation', () => {
  it('is the core simulator run on the picked days (missed days in between count as missed)', () => {
    const state = run(
      { type: 'pick', date: '2026-04-01' },
      { type: 'score', date: '2026-04-01', score: '90' },
      { type: 'pick', date: '2026-04-02' },
      { type: 'score', date: '2026-04-02', score: '80' },
      { type: 'pick', date: '2026-04-04' },
      { type: 'score', date: '2026-04-04', score: '100' },
      { type: 'watched', date: '2026-04-04', watchedVideos: true },
    );
    const view = simulationOf(state);
    const expected = simulateFgScore([
      { date: '2026-04-01', dailyScore: 90, watchedVideos: false },
      { date: '2026-04-02', dailyScore: 80, watchedVideos: false },
      { date: '2026-04-04', dailyScore: 100, watchedVideos: true },
    ]);
    expect(view.result).toEqual(expected);
    expect(view.result!.days.map((day) => day.checkedIn)).toEqual([true, true, false, true]);
    expect(view.result!.streak).toBe(1);
    expect(view.problems).toEqual({});
    expect(view.dailyScores).toEqual({ '2026-04-01': 90, '2026-04-02': 80, '2026-04-04': 100 });
  });

  it('has no result before a day is picked or while a picked day lacks a valid score', () => {
    expect(simulationOf(initialSimulatorState)).toMatchObject({ result: null, pickedDays: [], problems: {} });
    const view = simulationOf(run({ type: 'pick', date: '2026-04-01' }, { type: 'score', date: '2026-04-01', score: '150' }));
    expect(view.result).toBeNull();
    expect(view.problems).toEqual({ '2026-04-01': 'The daily score cannot be above 100.' });
  });
});
