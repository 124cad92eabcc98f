import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TOAST_DURATION_MS, ToastProvider, useToast } from './toast';

const UPLOADED = 'Great news! Your video was uploaded successfully and is being processed.';

/** The live region a toast is announced in: polite (successes) or assertive (errors). */
const liveRegion = (politeness: 'polite' | 'assertive') => document.querySelector<HTMLElement>(`[aria-live="${politeness}"]`)!;

function UploadButtons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success(UPLOADED, { durationMs: 9000 })}>
        Upload
      </button>
      <button type="button" onClick={() => toast.error('Failed to upload to S3')}>
        Fail
      </button>
    </>
  );
}

describe('Toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ToastProvider>
        <UploadButtons />
      </ToastProvider>,
    );
    return user;
  };

  it('leaves no empty alert or status on the page', () => {
    setup();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces a success politely and removes it after its duration', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const polite = liveRegion('polite');
    expect(within(polite).getAllByText(UPLOADED)).toHaveLength(1);

    act(() => jest.advanceTimersByTime(8999));
    expect(within(polite).getAllByText(UPLOADED)).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(polite.textContent).toBe('');
  });

  it('announces an error at once, gone after the default duration', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const assertive = liveRegion('assertive');
    expect(within(assertive).getAllByText('Failed to upload to S3')).toHaveLength(1);
    expect(liveRegion('polite').textContent).toBe('');

    act(() => jest.advanceTimersByTime(DEFAULT_TOAST_DURATION_MS));
    expect(assertive.textContent).toBe('');
  });

  it('stacks toasts and dismisses one with its button', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const assertive = liveRegion('assertive');
    expect(within(assertive).getAllByText('Failed to upload to S3')).toHaveLength(2);

    await user.click(within(assertive).getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(within(assertive).getAllByText('Failed to upload to S3')).toHaveLength(1);
  });

  it('refuses to work without the provider', () => {
    const reactLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<UploadButtons />)).toThrow('useToast needs a ToastProvider above it');
    reactLog.mockRestore();
  });
});
