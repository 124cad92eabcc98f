import { useSyncExternalStore } from 'react';
import { browserSession } from '../session/browser-session';
import type { Session } from '../session/session-store';

/** The signed-in session (null when signed out); re-renders on sign-in, renewal and sign-out. */
export function useSession(): Session | null {
  const store = browserSession();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
