import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { MyScoreNow } from '../api/my-scores';
import { ScoreNowTiles } from './score-now';

const TODAY = '2026-04-30';

/** fgScore points, one per value, on the days just before today (the first value yesterday). */
function daysBefore(values: number[]) {
  return values.map((value, index) => {
    const date = new Date(Date.UTC(2026, 3, 29 - index));
    return { date: date.toISOString().slice(0, 10), value };
  });
}

function now(overrides: Partial<MyScoreNow>, history: { date: string; value: number }[]): MyScoreNow {
  return {
    date: TODAY,
    score: 77,
    todayScore: 80,
    streak: 3,
    fgScoreHistory: { startDate: '2026-01-31', endDate: TODAY, mainScoreStatistics: history },
    ...overrides,
  };
}

function renderTiles(value: MyScoreNow, withDaily = false) {
  render(
    <MemoryRouter>
      <ScoreNowTiles now={value} withDaily={withDaily} />
    </MemoryRouter>,
  );
  return screen.getByRole('list', { name: 'Overall score and streak' });
}

const tile = (list: HTMLElement, type: string) => list.querySelector<HTMLElement>(`[data-score-type="${type}"]`)!;

describe('ScoreNowTiles (Today and My scores)', () => {
  it("shows the FG Score with its tier in the tier's colour and how far it is above the gamer's 28-day normal", () => {
    const list = renderTiles(now({}, daysBefore([70, 72, 68, 70, 74, 66, 70])));
    const fgScore = tile(list, 'fgScore');
    expect(within(fgScore).getByText('77')).toBeTruthy();
    expect(fgScore.dataset.tier).toBe('Moderately Ready');
    expect(fgScore.style.getPropertyValue('--fg-score-colour')).toBe('var(--amplify-colors-tier-moderately-ready)');
    expect(fgScore.querySelector('.fg-baseline')?.textContent).toBe('▲ 7 above your normal (70, last 28 days)');
  });

  it('flags a drop of more than one standard deviation below the normal', () => {
    const list = renderTiles(now({ score: 58 }, daysBefore([70, 72, 68, 70, 74, 66, 70])));
    const change = tile(list, 'fgScore').querySelector<HTMLElement>('.fg-baseline')!;
    expect(change.textContent).toBe('▼ 12 below your normal (70, last 28 days): lower than usual');
    expect(change.dataset.below).toBe('true');
  });

  it('before 7 check-ins in 28 days says how many there are instead of a change', () => {
    const list = renderTiles(now({}, daysBefore([70, 72, 68])));
    expect(tile(list, 'fgScore').querySelector('.fg-baseline')?.textContent).toBe('Your normal shows after 7 check-ins in 28 days (3 so far).');
  });

  it('shows no change and no tier colour without a score', () => {
    const list = renderTiles(now({ score: null, todayScore: null, streak: 0 }, []));
    const fgScore = tile(list, 'fgScore');
    expect(within(fgScore).getByText('No data')).toBeTruthy();
    expect(fgScore.querySelector('.fg-baseline')).toBeNull();
    expect(fgScore.dataset.tier).toBeUndefined();
  });

  it('shows the streak with the personal best from the days read', () => {
    const history = [
      ...daysBefore([70, 70]),
      { date: '2026-03-01', value: 60 },
      { date: '2026-03-02', value: 60 },
      { date: '2026-03-03', value: 60 },
      { date: '2026-03-04', value: 60 },
    ];
    const list = renderTiles(now({ streak: 3 }, history));
    expect(tile(list, 'streak').textContent).toBe('Streak3days in a rowPersonal best: 4 days');
  });

  it("offers the check-in on Today's Daily Score while it has no data (My scores)", () => {
    const list = renderTiles(now({ todayScore: null }, []), true);
    const daily = tile(list, 'daily');
    expect(within(daily).getByText('No data')).toBeTruthy();
    expect(within(daily).getByRole('link', { name: 'Check in' }).getAttribute('href')).toBe('/home/check-in');
  });

  it("shows today's daily score without the button once checked in", () => {
    const list = renderTiles(now({ todayScore: 80 }, []), true);
    expect(within(tile(list, 'daily')).queryByRole('link')).toBeNull();
  });
});
