import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ANALYTICS_DEBOUNCE_MS, type WindowChoice } from './chart-data';
import { WindowSwitch } from './window-switch';

/** The switch as a page uses it: the choice on screen at once, the one asked of the server 200 ms after the last change. */
function Page({ onAsk }: { onAsk: (choice: WindowChoice) => void }) {
  const [choice, setChoice] = useState<WindowChoice>({ days: 7 });
  const asked = useDebouncedValue(choice, ANALYTICS_DEBOUNCE_MS);
  onAsk(asked);
  return <WindowSwitch name="window" value={choice} onChange={setChoice} customFrom={{ startDate: '2026-04-04', endDate: '2026-04-10' }} />;
}

describe('the window switch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = () => {
    const asked: WindowChoice[] = [];
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Page onAsk={(choice) => asked.push(choice)} />);
    return { user, lastAsked: () => asked.at(-1) };
  };

  it('asks for a new window only once the choice has rested 200 ms', async () => {
    const { user, lastAsked } = setup();
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    act(() => jest.advanceTimersByTime(ANALYTICS_DEBOUNCE_MS - 1));
    expect(lastAsked()).toEqual({ days: 7 });
    act(() => jest.advanceTimersByTime(1));
    expect(lastAsked()).toEqual({ days: 90 });
  });

  it('opens a custom range from the window on screen and says when the range cannot be asked', async () => {
    const { user, lastAsked } = setup();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2026-04-04', '2026-04-10']);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(from, { target: { value: '2026-04-12' } });
    expect(screen.getByRole('alert').textContent).toBe('The start date must not be after the end date.');
    fireEvent.change(to, { target: { value: '2026-04-20' } });
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => jest.advanceTimersByTime(ANALYTICS_DEBOUNCE_MS));
    expect(lastAsked()).toEqual({ startDate: '2026-04-12', endDate: '2026-04-20' });
  });
});
