import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { serverReachability } from '@/lib/query-client';

export const OFFLINE_MESSAGE = 'You are offline. FitGauge will retry when the connection returns.';
export const UNREACHABLE_MESSAGE = "FitGauge can't reach the server. Retrying…";

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/**
 * Tells the user when the browser is offline or the server stopped answering, and goes away by itself once requests
 * succeed again. The live region is there before any message, so screen readers announce it; it has no role, so an
 * empty one is not a page's status.
 */
export function ConnectionBanner() {
  const online = useSyncExternalStore(subscribeOnline, isOnline, isOnline);
  const reachable = useSyncExternalStore(serverReachability.subscribe, serverReachability.isReachable, serverReachability.isReachable);
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
