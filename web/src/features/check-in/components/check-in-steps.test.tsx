import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '@/components/ui/button/button';
import { ToastProvider } from '@/components/ui/toast/toast';
import { type CheckInForm, emptyCheckInForm } from '../lib/check-in-form';

// Yesterday's answers come from the API; the query itself runs against the stack in tests/browser/scoring.test.ts.
const getMyAnswersOfDay = jest.fn();
jest.mock('../api/check-in', () => ({ getMyAnswersOfDay: (...args: unknown[]) => getMyAnswersOfDay(...args) }));

const { CheckInSteps } = require('./check-in-steps') as typeof import('./check-in-steps');

/** What the form sent: Submit, or anything else that submitted it. */
const sent = jest.fn();

function Harness({ initial }: { initial: CheckInForm }) {
  const [form, setForm] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        sent();
      }}
    >
      <CheckInSteps
        date="2026-11-27"
        form={form}
        onChange={(next) => setForm((current) => ({ ...current, ...next }))}
        submit={() => <Button type="submit">Submit</Button>}
        messages={null}
      />
    </form>
  );
}

function renderSteps(initial: CheckInForm = emptyCheckInForm) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <Harness initial={initial} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const question = (slug: string) => document.querySelector<HTMLElement>(`fieldset[data-question="${slug}"]`)!;
const progress = () => screen.getByRole('progressbar', { name: 'Check-in progress' });
const stepHeading = () => screen.getByRole('heading', { level: 3 });

// jsdom lays nothing out; the steps scroll the next question (or step) into view, recorded here.
const scrollIntoView = jest.fn();
beforeAll(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});

beforeEach(() => {
  getMyAnswersOfDay.mockReset().mockResolvedValue([]);
  scrollIntoView.mockClear();
  sent.mockClear();
});

describe('CheckInSteps', () => {
  // Each test taps through up to eight steps with user-event: seconds on a loaded 2-core machine, so more than the 5 s default.
  jest.setTimeout(20_000);
  it('moves on by itself when an answer is tapped: to the next question, then to the next step, whose heading takes focus', async () => {
    const user = renderSteps();
    expect(screen.getByText('Step 1 of 8')).toBeTruthy();
    expect(progress().getAttribute('aria-valuetext')).toBe('Step 1 of 8: Game day');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    await user.click(within(question('gaming-today')).getByRole('radio', { name: 'No' }));
    expect(stepHeading().textContent).toBe('Sleep');
    expect(document.activeElement).toBe(stepHeading());
    // Not gaming: the game step is gone from the count.
    expect(screen.getByText('Step 2 of 7')).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('2');

    await user.click(within(question('sleep-hours')).getByRole('radio', { name: '7 to 9' }));
    expect(stepHeading().textContent).toBe('Sleep');
    expect(scrollIntoView.mock.contexts).toContain(question('sleep-quality'));
    await user.click(within(question('sleep-quality')).getByRole('radio', { name: 'Great' }));
    // A tick-all question waits for Next.
    await user.click(within(question('sleep-disturbance')).getByRole('checkbox', { name: 'Noise' }));
    await user.click(within(question('sleep-disturbance')).getByRole('checkbox', { name: 'Worry' }));
    expect(stepHeading().textContent).toBe('Sleep');
    expect(screen.getByText('3 of 3 answered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepHeading().textContent).toBe('Nutrition');
    expect(document.activeElement).toBe(stepHeading());

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading().textContent).toBe('Sleep');
    expect((within(question('sleep-disturbance')).getByRole('checkbox', { name: 'Worry' }) as HTMLInputElement).checked).toBe(true);
  });

  // Arrow keys are checked in Chromium (tests/browser/scoring.test.ts); jsdom lacks what user-event needs for them.
  it('lets a keyboard choose with Space without being carried to the next question', async () => {
    const user = renderSteps();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.activeElement).toBe(stepHeading());
    await user.tab();
    const lessThanFive = within(question('sleep-hours')).getByRole('radio', { name: 'Less than 5' }) as HTMLInputElement;
    expect(document.activeElement).toBe(lessThanFive);
    scrollIntoView.mockClear();
    await user.keyboard(' ');
    expect(lessThanFive.checked).toBe(true);
    expect(document.activeElement).toBe(lessThanFive);
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(stepHeading().textContent).toBe('Sleep');
  });

  it('offers Submit on the last step only: a question skipped on the way would score 0', async () => {
    const user = renderSteps();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(within(question('sleep-hours')).getByRole('radio', { name: '5 to 6' }));
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();

    for (const title of ['Nutrition', 'Mental', 'Lifestyle', 'Physical', 'Game', 'Videos']) {
      expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(stepHeading().textContent).toBe(title);
    }
    expect(screen.getByText('Step 8 of 8')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Watched videos' })).toBeTruthy();
    // The tap on Next that opened the last step sent nothing; Submit sends.
    expect(sent).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sent).toHaveBeenCalledTimes(1);

    // The review leads back to any step.
    const review = screen.getByRole('navigation', { name: 'Review your answers' });
    expect(within(review).getByRole('button', { name: 'Game day: gaming' })).toBeTruthy();
    await user.click(within(review).getByRole('button', { name: 'Sleep: 1 of 3 answered' }));
    expect(stepHeading().textContent).toBe('Sleep');
    expect(document.activeElement).toBe(stepHeading());
  });

  it("fills yesterday's answers into what is unanswered in one tap and opens the review with Submit", async () => {
    getMyAnswersOfDay.mockResolvedValue([
      { questionSlug: 'gaming-today', value: 'false' },
      { questionSlug: 'sleep-hours', value: '5-6' },
      { questionSlug: 'sleep-quality', value: 'good' },
      { questionSlug: 'water-drink', value: 'none' },
    ]);
    const user = renderSteps({ ...emptyCheckInForm, choices: { 'sleep-hours': ['7-9'] } });
    const same = await screen.findByRole('button', { name: 'Same as yesterday' });
    expect(getMyAnswersOfDay).toHaveBeenCalledWith('2026-11-26');
    await user.click(same);

    // Said beside the progress, not in a toast over the action bar.
    expect(screen.getByRole('status').textContent).toBe("Yesterday's answers filled in 2 questions: check them, then Submit.");
    expect(screen.queryByRole('button', { name: 'Same as yesterday' })).toBeNull();
    expect(screen.getByText('Step 8 of 8')).toBeTruthy();
    expect(stepHeading().textContent).toBe('Videos');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    await user.click(within(screen.getByRole('navigation', { name: 'Review your answers' })).getByRole('button', { name: 'Game day: gaming' }));
    const yes = within(question('gaming-today')).getByRole('radio', { name: 'Yes' }) as HTMLInputElement;
    expect(yes.checked).toBe(true);
    // A tap on the answer already chosen confirms it and moves on too.
    await user.click(yes);
    expect(stepHeading().textContent).toBe('Sleep');
    expect((within(question('sleep-hours')).getByRole('radio', { name: '7 to 9' }) as HTMLInputElement).checked).toBe(true);
    expect((within(question('sleep-quality')).getByRole('radio', { name: 'Good' }) as HTMLInputElement).checked).toBe(true);
  });

  it('leaves "Same as yesterday" out when yesterday has no answers', async () => {
    renderSteps();
    await waitFor(() => expect(getMyAnswersOfDay).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Same as yesterday' })).toBeNull();
  });
});
