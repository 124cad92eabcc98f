import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chartDays, type ChartLine } from './chart-data';
import { RechartsScoreChart } from './score-chart.recharts';

const week = chartDays({ startDate: '2026-04-04', endDate: '2026-04-10' });
const sleep: ChartLine = { id: 'score', name: 'Sleep', colour: '#a855f7', values: [40, null, 70, 65, null, 80, 90] };

describe('the recharts score chart', () => {
  it('reads the day the keyboard picks as the plain-SVG chart does', async () => {
    const user = userEvent.setup();
    render(<RechartsScoreChart label="Sleep, the last 7 days" days={week} lines={[sleep]} look="score" />);
    const status = screen.getByRole('status');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('img', { name: 'Sleep, the last 7 days' }));
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

  it("names each member in a legend and reads each member's value of the day", async () => {
    const members: ChartLine[] = [
      { id: 'ava', name: 'Ava', colour: '#2dd4bf', values: [80, 64, null, null, 70, null, 75] },
      { id: 'ben', name: 'Ben', colour: '#facc15', values: [41, null, null, null, null, null, 90] },
    ];
    const user = userEvent.setup();
    render(<RechartsScoreChart label="Game readiness by member, the last 7 days" days={week} lines={members} look="members" />);
    expect(screen.getAllByRole('list')[0]!.textContent).toBe('AvaBen');
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const box = within(screen.getByRole('status'));
    expect(box.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ava: 64', 'Ben: No data']);
  });
});
