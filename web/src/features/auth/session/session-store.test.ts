import {
  MAX_REFRESH_ATTEMPTS,
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_DELAY_MS,
  SESSION_STORAGE_KEY,
  SessionStore,
  type AuthGrant,
  type KeyValueStorage,
  type Session,
} from './session-store';

class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const MINUTE = 60_000;
let issued = 0;

/** A grant whose access token lives `minutes` minutes; every grant has distinct tokens. */
function grant(minutes = 60, refreshToken = 'refresh-1'): AuthGrant {
  issued += 1;
  return {
    accessToken: `access-${issued}`,
    idToken: `id-${issued}`,
    refreshToken,
    expiresIn: minutes * 60,
    groups: ['COACH'],
    user: { id: 'u1', email: 'coach@fitgauge.test', fullName: 'Chris Coach', avatar: null, role: 'COACH' },
  };
}

class NetworkError extends Error {}
class RefusedError extends Error {}

function setup(options: { stored?: Session } = {}) {
  const storage = new MemoryStorage();
  if (options.stored) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(options.stored));
  const refresh = jest.fn<Promise<AuthGrant>, [Session]>(async () => grant());
  const store = new SessionStore({ storage, refresh, isRefusal: (error) => error instanceof RefusedError });
  const stored = () => storage.getItem(SESSION_STORAGE_KEY);
  return { storage, refresh, store, stored };
}

/** Lets the refresh promise chain settle between timer steps. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('SessionStore', () => {
  it('keeps the tokens, expiry, groups and user in local storage from sign-in on', () => {
    const { store, stored } = setup();
    const session = store.signIn(grant(60));
    expect(JSON.parse(stored()!)).toEqual({
      accessToken: session.accessToken,
      idToken: session.idToken,
      refreshToken: 'refresh-1',
      expiresAt: Date.now() + 60 * MINUTE,
      groups: ['COACH'],
      user: expect.objectContaining({ id: 'u1', fullName: 'Chris Coach' }),
    });
  });

  it('refreshes when the token enters the 240000 ms margin, not before', async () => {
    const { store, refresh } = setup();
    store.signIn(grant(10));

    jest.advanceTimersByTime(10 * MINUTE - REFRESH_MARGIN_MS - 1);
    expect(refresh).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await settle();
    // The new token (60 minutes) is kept and the next refresh waits for its own margin.
    expect(store.getSnapshot()!.expiresAt).toBe(Date.now() + 60 * MINUTE);
    jest.advanceTimersByTime(60 * MINUTE - REFRESH_MARGIN_MS - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('gives requests the current tokens outside the margin, and fresh ones inside it', async () => {
    const { store, refresh } = setup();
    const first = store.signIn(grant(5));

    await expect(store.getTokens({ forceRefresh: false })).resolves.toEqual({ accessToken: first.accessToken, idToken: first.idToken });
    expect(refresh).not.toHaveBeenCalled();

    jest.setSystemTime(Date.now() + MINUTE + 1); // 4 minutes minus 1 ms left; the timer has not run yet
    const tokens = await store.getTokens({ forceRefresh: false });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(tokens!.accessToken).not.toBe(first.accessToken);
    expect(store.getSnapshot()!.accessToken).toBe(tokens!.accessToken);
  });

  it('shares one refresh call between requests that need it at the same time', async () => {
    const { store, refresh } = setup();
    store.signIn(grant(3));
    const [a, b] = await Promise.all([store.getTokens({ forceRefresh: false }), store.getTokens({ forceRefresh: true })]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(a).toEqual(b);
  });

  it(`gives up after ${MAX_REFRESH_ATTEMPTS} failed attempts: storage cleared, signed out, listeners told`, async () => {
    const { store, refresh, stored } = setup();
    const onChange = jest.fn();
    store.subscribe(onChange);
    store.signIn(grant(10));
    onChange.mockClear();
    refresh.mockRejectedValue(new NetworkError('Network error'));

    jest.advanceTimersByTime(10 * MINUTE - REFRESH_MARGIN_MS);
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBeNull(); // the token is still valid: keep it, try again later

    jest.advanceTimersByTime(REFRESH_RETRY_DELAY_MS);
    await settle();
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(stored()).not.toBeNull();

    jest.advanceTimersByTime(REFRESH_RETRY_DELAY_MS);
    await settle();
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot()).toBeNull();
    expect(stored()).toBeNull();
    expect(store.lastEnd()).toEqual({ reason: 'renewal-failed' });
    expect(onChange).toHaveBeenCalledTimes(1);
    await expect(store.getTokens({ forceRefresh: false })).resolves.toBeNull();

    // Nothing keeps trying once it gave up.
    jest.advanceTimersByTime(60 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('a successful refresh resets the failure count', async () => {
    const { store, refresh } = setup();
    store.signIn(grant(10));
    refresh.mockRejectedValueOnce(new NetworkError('down')).mockRejectedValueOnce(new NetworkError('down'));

    jest.advanceTimersByTime(10 * MINUTE - REFRESH_MARGIN_MS); // fails (1)
    await settle();
    jest.advanceTimersByTime(REFRESH_RETRY_DELAY_MS); // fails (2)
    await settle();
    jest.advanceTimersByTime(REFRESH_RETRY_DELAY_MS); // succeeds: a 60-minute token
    await settle();
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot()).not.toBeNull();

    // Two more failures at the next margin do not end the session: the count started again.
    refresh.mockRejectedValueOnce(new NetworkError('down')).mockRejectedValueOnce(new NetworkError('down'));
    jest.advanceTimersByTime(60 * MINUTE - REFRESH_MARGIN_MS);
    await settle();
    jest.advanceTimersByTime(REFRESH_RETRY_DELAY_MS);
    await settle();
    expect(refresh).toHaveBeenCalledTimes(5);
    expect(store.getSnapshot()).not.toBeNull();
  });

  it('while a retry waits, requests use the still-valid token instead of spending attempts', async () => {
    const { store, refresh } = setup();
    store.signIn(grant(10));
    refresh.mockRejectedValueOnce(new NetworkError('down'));
    jest.advanceTimersByTime(10 * MINUTE - REFRESH_MARGIN_MS);
    await settle();
    const before = store.getSnapshot()!;
    await expect(store.getTokens({ forceRefresh: false })).resolves.toEqual({
      accessToken: before.accessToken,
      idToken: before.idToken,
    });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('ends the session at once when the server refuses the refresh token, keeping its message', async () => {
    const { store, refresh, stored } = setup();
    store.signIn(grant(10));
    refresh.mockRejectedValueOnce(new RefusedError('User not found. Please sign up'));
    await expect(store.refresh()).resolves.toBeNull();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(stored()).toBeNull();
    expect(store.lastEnd()).toEqual({ reason: 'refused', message: 'User not found. Please sign up' });
  });

  it('the session-expired handler (refresh) renews even a token that looks valid here', async () => {
    const { store, refresh } = setup();
    const first = store.signIn(grant(60));
    const renewed = await store.refresh();
    expect(refresh).toHaveBeenCalledWith(first);
    expect(renewed!.accessToken).not.toBe(first.accessToken);
  });

  it('restores a stored session on start and renews it at once when it is already inside the margin', async () => {
    const stored: Session = {
      accessToken: 'old-access',
      idToken: 'old-id',
      refreshToken: 'refresh-1',
      expiresAt: Date.now() + MINUTE,
      groups: ['GAMER'],
      user: { id: 'u2', email: 'gamer1@fitgauge.test', fullName: 'Ava Reyes', avatar: null, role: 'GAMER' },
    };
    const { store, refresh } = setup({ stored });
    expect(store.getSnapshot()).toEqual(stored);
    jest.advanceTimersByTime(0);
    expect(refresh).toHaveBeenCalledWith(stored);
    await settle();
    expect(store.getSnapshot()!.accessToken).not.toBe('old-access');
    expect(store.getSnapshot()!.refreshToken).toBe('refresh-1');
  });

  it('discards a stored value it cannot read', () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_STORAGE_KEY, '{"accessToken": 42}');
    const store = new SessionStore({ storage, refresh: jest.fn(), isRefusal: () => false });
    expect(store.getSnapshot()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('sign-out clears storage and stops the refresh timer', () => {
    const { store, refresh, stored } = setup();
    store.signIn(grant(10));
    store.signOut();
    expect(stored()).toBeNull();
    expect(store.lastEnd()).toEqual({ reason: 'signed-out' });
    jest.advanceTimersByTime(60 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a refresh answer that arrives after sign-out does not bring the session back', async () => {
    const { store, refresh, stored } = setup();
    store.signIn(grant(10));
    let answer!: (value: AuthGrant) => void;
    refresh.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const pending = store.refresh();
    store.signOut();
    answer(grant(60));
    await expect(pending).resolves.toBeNull();
    expect(stored()).toBeNull();
  });

  it('follows sign-in and sign-out made in another tab (reload from storage)', () => {
    const { store, storage } = setup();
    const other = new SessionStore({ storage, refresh: jest.fn(), isRefusal: () => false });
    other.signIn(grant(60));
    store.reload();
    expect(store.getSnapshot()?.user.id).toBe('u1');
    other.signOut();
    store.reload();
    expect(store.getSnapshot()).toBeNull();
    expect(store.lastEnd()).toEqual({ reason: 'signed-out' });
  });
});
