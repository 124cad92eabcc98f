import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { serverReachability } from '@/lib/query-client';
import { ConnectionBanner, OFFLINE_MESSAGE } from './connection-banner';

describe('ConnectionBanner', () => {
  afterEach(() => {
    act(() => {
      onlineManager.setOnline(true);
      serverReachability.set(true);
    });
  });

  it('shows nothing, and no status, while the browser is online and the server answers', () => {
    render(<ConnectionBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the browser is offline when it goes offline, in a status that screen readers announce, and goes away when it returns', () => {
    render(<ConnectionBanner />);
    act(() => window.dispatchEvent(new Event('offline')));
    const banner = screen.getByRole('status');
    expect(banner.textContent).toBe(OFFLINE_MESSAGE);
    expect(banner.closest('[aria-live="polite"]')).not.toBeNull();
    act(() => window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the browser is offline on a page opened without a connection (no offline event), until it comes back', () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ConnectionBanner />);
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_MESSAGE);
    onLine.mockReturnValue(true);
    act(() => window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
    onLine.mockRestore();
  });

  it("says the server can't be reached while it is unreachable, and goes away when it answers again", () => {
    render(<ConnectionBanner />);
    act(() => serverReachability.set(false));
    expect(screen.getByRole('status').textContent).toBe("FitGauge can't reach the server. Retrying…");
    act(() => serverReachability.set(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says offline rather than unreachable when both hold: the connection is the cause to fix', () => {
    render(<ConnectionBanner />);
    act(() => {
      serverReachability.set(false);
      onlineManager.setOnline(false);
    });
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([OFFLINE_MESSAGE]);
  });
});
