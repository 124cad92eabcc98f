import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { serverReachability } from '@/lib/query-client';

export const OFFLINE_MESSAGE = 'You are offline. FitGauge will retry when the connection returns.';
export const UNREACHABLE_MESSAGE = "FitGauge can't reach the server. Retrying…";

// TanStack Query assumes "online" until an offline event, and a page opened without a connection (the installed
// app's shell from its service worker) gets none: the browser's own flag and events are heard too.
const subscribeOnline = (listener: () => void) => {
  const stop = onlineManager.subscribe(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    stop();
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const isOnline = () => onlineManager.isOnline() && navigator.onLine;

/**
 * Tells the user when the browser is offline or the server stopped answering, and goes away by itself once requests
 * succeed again. The live region is there before any message, so screen readers announce it; it has no role, so an
 * empty one is not a page's status.
 */
export function ConnectionBanner() {
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const reachable = useSyncExternalStore(serverReachability.subscribe, serverReachability.isReachable);
  const message = !online ? OFFLINE_MESSAGE : !reachable ? UNREACHABLE_MESSAGE : null;
  return (
    <div className="fg-connection" aria-live="polite">
      {message ? (
        <p className="fg-connection__banner" role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}
