import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TOAST_DURATION_MS, ToastProvider, useToast } from './toast';

function UploadButtons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Great news! Your video was uploaded successfully and is being processed.', { durationMs: 9000 })}>
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

  it('announces a success politely and removes it after its duration', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Great news! Your video was uploaded successfully and is being processed.');

    act(() => jest.advanceTimersByTime(8999));
    expect(status.textContent).toContain('Great news!');
    act(() => jest.advanceTimersByTime(1));
    expect(status.textContent).toBe('');
  });

  it('announces an error as an alert, gone after the default duration', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getAllByText('Failed to upload to S3')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('');

    act(() => jest.advanceTimersByTime(DEFAULT_TOAST_DURATION_MS));
    expect(alert.textContent).toBe('');
  });

  it('stacks toasts and dismisses one with its button', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getAllByText('Failed to upload to S3')).toHaveLength(2);

    await user.click(within(alert).getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(within(alert).getAllByText('Failed to upload to S3')).toHaveLength(1);
  });

  it('refuses to work without the provider', () => {
    const reactLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<UploadButtons />)).toThrow('useToast needs a ToastProvider above it');
    reactLog.mockRestore();
  });
});
