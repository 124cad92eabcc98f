import { isRefusedToken, onApiError } from '@/lib/api-client';
import { setSessionTokenSource } from '@/lib/session-tokens';
import { refreshSessionTokens } from '../api/auth-api';
import { isRefreshRefusal } from './session-expired';
import { SESSION_STORAGE_KEY, SessionStore, type KeyValueStorage } from './session-store';

/** Local storage, or memory when the browser blocks it (privacy modes): the session then lasts for the tab. */
function localStorageOrMemory(): KeyValueStorage {
  try {
    const probe = '__fg_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    const items = new Map<string, string>();
    return {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    };
  }
}

let store: SessionStore | null = null;

/**
 * The app's one session, created on first use: restored from local storage, installed as the API
 * client's token source (so queries, mutations and subscriptions carry its tokens), renewed when the
 * server says the token expired, and kept in step with other tabs.
 */
export function browserSession(): SessionStore {
  if (store) return store;
  const session = new SessionStore({
    storage: localStorageOrMemory(),
    refresh: refreshSessionTokens,
    isRefusal: isRefreshRefusal,
  });
  store = session;
  setSessionTokenSource(session);
  onApiError((error) => {
    if (isRefusedToken(error)) void session.refresh();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) session.reload();
  });
  return session;
}
