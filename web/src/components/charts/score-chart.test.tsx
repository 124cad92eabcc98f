import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chartDays, type ChartLine } from './chart-data';
import { ScoreChart } from './score-chart';

const week = chartDays({ startDate: '2026-04-04', endDate: '2026-04-10' });
const sleep: ChartLine = { id: 'score', name: 'Sleep', colour: '#a855f7', values: [40, null, 70, 65, null, 80, 90] };

const chart = () => screen.getByRole('img', { name: 'Sleep, the last 7 days' });
const drawnLines = (container: HTMLElement) => [...container.querySelectorAll('path.fg-chart__line')];

describe('a score chart', () => {
  it('draws its line through the days with a value, the area under it, a dot per point, the axes and the day labels', () => {
    const { container } = render(<ScoreChart label="Sleep, the last 7 days" days={week} lines={[sleep]} look="score" />);
    expect(chart().getAttribute('height')).toBe('160');
    const [line] = drawnLines(container);
    expect(drawnLines(container)).toHaveLength(1);
    // One stroke bridging the two empty days: a move and four curve pieces between the five points.
    expect(line!.getAttribute('d')!.match(/[MC]/g)).toEqual(['M', 'C', 'C', 'C', 'C']);
    expect(line!.getAttribute('stroke')).toBe('#a855f7');
    expect(container.querySelector('path.fg-chart__area')!.getAttribute('fill')).toMatch(/^url\(#fg-chart-fill-/);
    expect(container.querySelectorAll('circle.fg-chart__dot')).toHaveLength(5);
    const yLabels = [...container.querySelectorAll('.fg-chart__y-ticks text')].map((text) => text.textContent);
    expect(yLabels).toEqual(['0', '50', '100']);
    // 320 px wide (jsdom lays nothing out): room for a label every other day.
    const dayLabels = [...container.querySelectorAll('.fg-chart__x-ticks text')].map((text) => text.textContent);
    expect(dayLabels).toEqual(['04/04', '04/06', '04/08', '04/10']);
  });

  it('has no dots beyond 31 days, except a lone point, which has no line', () => {
    const quarter = chartDays({ startDate: '2026-01-10', endDate: '2026-04-09' });
    const many: ChartLine = { ...sleep, values: quarter.map((_, day) => (day % 3 ? null : 50 + (day % 40))) };
    const lone: ChartLine = { id: 'lone', name: 'Lone', colour: '#fff', values: quarter.map((_, day) => (day === 20 ? 60 : null)) };
    const { container } = render(<ScoreChart label="Two lines, the last 90 days" days={quarter} lines={[many, lone]} look="members" />);
    expect(drawnLines(container)).toHaveLength(1);
    const dots = [...container.querySelectorAll('circle.fg-chart__dot')];
    expect(dots).toHaveLength(1);
    expect(dots[0]!.closest('.fg-chart__series')!.getAttribute('fill')).toBe('#fff');
  });

  it('shows the day the keyboard picks, with the date and the value, and "No data" for an empty day', async () => {
    const user = userEvent.setup();
    render(<ScoreChart label="Sleep, the last 7 days" days={week} lines={[sleep]} look="score" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    await user.tab();
    expect(document.activeElement).toBe(chart());
    expect(status.textContent).toBe('');
    // Keys pressed, and what the box then says: the first day, an empty day, the last day (and no further), back.
    const steps: [string, string][] = [
      ['{ArrowRight}', '04/04/2026Sleep: 40'],
      ['{ArrowRight}', '04/05/2026Sleep: No data'],
      ['{End}', '04/10/2026Sleep: 90'],
      ['{ArrowRight}', '04/10/2026Sleep: 90'],
      ['{Home}{ArrowLeft}', '04/04/2026Sleep: 40'],
      ['{Escape}', ''],
    ];
    for (const [keys, shown] of steps) {
      await user.keyboard(keys);
      expect(status.textContent).toBe(shown);
    }
  });

  it('shows the day under the pointer with a cursor line, and hides it when the pointer leaves', () => {
    const { container } = render(<ScoreChart label="Sleep, the last 7 days" days={week} lines={[sleep]} look="score" />);
    // jsdom places the chart at x 0: the plot runs from 32 to 304 px, a day every 45.3 px. (jsdom has no
    // PointerEvent: a mouse event of that type carries the pointer's x.)
    fireEvent(chart(), new MouseEvent('pointermove', { bubbles: true, clientX: 32 + 45.3 * 3 + 10 }));
    expect(screen.getByRole('status').textContent).toBe('04/07/2026Sleep: 65');
    expect(container.querySelectorAll('.fg-chart__cursor')).toHaveLength(1);
    expect(container.querySelectorAll('.fg-chart__active-dot')).toHaveLength(1);
    fireEvent.pointerLeave(chart());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(container.querySelector('.fg-chart__cursor')).toBeNull();
  });
});

describe('a team game-score chart', () => {
  const members: ChartLine[] = [
    { id: 'ava', name: 'Ava', colour: '#2dd4bf', values: [80, 64, null, null, 70, null, 75] },
    { id: 'ben', name: 'Ben', colour: '#facc15', values: [41, null, null, null, null, null, 90] },
  ];

  it('draws one line per member, 220 px high, with a legend naming each member', () => {
    const { container } = render(<ScoreChart label="Game readiness by member, the last 7 days" days={week} lines={members} look="members" />);
    expect(screen.getByRole('img', { name: 'Game readiness by member, the last 7 days' }).getAttribute('height')).toBe('220');
    expect(drawnLines(container).map((line) => line.getAttribute('stroke'))).toEqual(['#2dd4bf', '#facc15']);
    expect(container.querySelector('path.fg-chart__area')).toBeNull();
    expect(container.querySelectorAll('circle.fg-chart__dot')).toHaveLength(6);
    const legend = within(screen.getByRole('list'));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ava', 'Ben']);
  });

  it("shows each member's value of the day picked", async () => {
    const user = userEvent.setup();
    render(<ScoreChart label="Game readiness by member, the last 7 days" days={week} lines={members} look="members" />);
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const tooltip = within(screen.getByRole('status'));
    expect(tooltip.getByText('04/05/2026')).toBeTruthy();
    expect(tooltip.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ava: 64', 'Ben: No data']);
  });
});

describe('the chart width', () => {
  const original = globalThis.ResizeObserver;
  afterEach(() => {
    globalThis.ResizeObserver = original;
  });

  it('follows its container as the browser reports it', () => {
    let report: ResizeObserverCallback = () => undefined;
    globalThis.ResizeObserver = class {
      constructor(callback: ResizeObserverCallback) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    render(<ScoreChart label="Sleep, the last 7 days" days={week} lines={[sleep]} look="score" />);
    expect(chart().getAttribute('width')).toBe('320');
    act(() => report([{ contentRect: { width: 600.4 } } as ResizeObserverEntry], {} as ResizeObserver));
    expect(chart().getAttribute('width')).toBe('600');
    // Wider: a label for every day.
    expect(chart().querySelectorAll('.fg-chart__x-ticks text')).toHaveLength(7);
  });
});
