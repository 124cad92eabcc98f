import type { LoginUserMutation } from '@/gql/graphql';
import type { SessionTokens, SessionTokenSource } from '@/lib/session-tokens';

/** A token this close to expiry is refreshed (docs/product.md, "Rules that shape every screen"). */
export const REFRESH_MARGIN_MS = 240_000;
/** After this many failed refreshes in a row the client gives up and signs out (docs/product.md, "Rules that shape every screen"). */
export const MAX_REFRESH_ATTEMPTS = 3;
/** Pause before trying a failed refresh again (well inside the margin, so all tries happen before expiry). */
export const REFRESH_RETRY_DELAY_MS = 10_000;
/** Where the session lives (spec: tokens and session in local storage). */
export const SESSION_STORAGE_KEY = 'fg.session';

/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type SessionUser = AuthGrant['user'];

/** What sign-in, sign-up, Discord sign-in and refresh answer (the API's AuthResult, as the sign-in mutation selects it). */
export type AuthGrant = LoginUserMutation['loginUser'];

/** The signed-in session as kept in local storage. */
export interface Session {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  /** When the access token expires (epoch ms): expiresIn counted from when the grant arrived. */
  expiresAt: number;
  groups: string[];
  user: SessionUser;
}

/** How a session ended: the user signed out, the server refused to renew it, or renewing kept failing. */
export type SessionEnd = { reason: 'signed-out' } | { reason: 'refused'; message: string } | { reason: 'renewal-failed' };

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface SessionStoreDeps {
  storage: KeyValueStorage;
  /** Trades the session's refresh token for fresh tokens (the refreshToken mutation). */
  refresh(session: Session): Promise<AuthGrant>;
  /**
   * True when the server answered that it will not renew this session (refresh token revoked or expired,
   * account gone or disabled): trying again cannot help, so the session ends at once. Other failures
   * (network, server trouble) are tried again, up to MAX_REFRESH_ATTEMPTS.
   */
  isRefusal(error: unknown): boolean;
  now?: () => number;
}

export function sessionFromGrant(grant: AuthGrant, now: number): Session {
  return {
    accessToken: grant.accessToken,
    idToken: grant.idToken,
    refreshToken: grant.refreshToken,
    expiresAt: now + grant.expiresIn * 1000,
    groups: [...grant.groups],
    user: grant.user,
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown) => value === null || isString(value);

/** The stored session, or null when there is none or it is not one this version wrote. */
function parseStoredSession(raw: string | null): Session | null {
  if (!raw) return null;
  let value: Partial<Session> & { user?: Partial<SessionUser> };
  try {
    value = JSON.parse(raw) as typeof value;
  } catch {
    return null;
  }
  const user = value?.user;
  const valid =
    isString(value?.accessToken) &&
    isString(value.idToken) &&
    isString(value.refreshToken) &&
    typeof value.expiresAt === 'number' &&
    Array.isArray(value.groups) &&
    value.groups.every(isString) &&
    !!user &&
    isString(user.id) &&
    isString(user.email) &&
    isNullableString(user.fullName) &&
    isNullableString(user.avatar) &&
    isNullableString(user.role);
  return valid ? (value as Session) : null;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The signed-in session: kept in storage, renewed ahead of expiry by a timer and before requests
 * (it is the API client's token source), ended after MAX_REFRESH_ATTEMPTS failed renewals or a refusal.
 * Plain TypeScript with injected storage, refresh call and clock, so its timing is testable with fake timers.
 */
export class SessionStore implements SessionTokenSource {
  private session: Session | null;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Set while a failed renewal waits to be tried again. */
  private retryPending = false;
  private inflight: Promise<Session | null> | null = null;
  private end: SessionEnd | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;

  constructor(private readonly deps: SessionStoreDeps) {
    this.now = deps.now ?? Date.now;
    this.session = this.read();
    this.schedule();
  }

  /** The current session (a new object whenever it changes), or null when signed out. */
  readonly getSnapshot = (): Session | null => this.session;

  /** Calls `listener` whenever the session changes; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Why the last session ended, until the next sign-in (null if none ended since the page loaded). */
  lastEnd(): SessionEnd | null {
    return this.end;
  }

  /** Starts a session from a sign-in, sign-up or Discord sign-in. */
  signIn(grant: AuthGrant): Session {
    this.failures = 0;
    this.end = null;
    this.save(sessionFromGrant(grant, this.now()));
    return this.session!;
  }

  /** Ends the session here: storage cleared, renewal stopped. */
  signOut(end: SessionEnd = { reason: 'signed-out' }): void {
    this.stopTimer();
    this.failures = 0;
    this.retryPending = false;
    this.session = null;
    this.end = end;
    this.deps.storage.removeItem(SESSION_STORAGE_KEY);
    this.notify();
  }

  /** The token-source hook: tokens for the next request, renewed first when they expire within the margin. */
  async getTokens({ forceRefresh }: { forceRefresh: boolean }): Promise<SessionTokens | null> {
    let session = this.session;
    if (!session) return null;
    const expiresIn = session.expiresAt - this.now();
    // While a failed renewal waits for its retry, still-valid tokens are used as they are.
    const due = expiresIn <= REFRESH_MARGIN_MS && (!this.retryPending || expiresIn <= 0);
    if (forceRefresh || due) session = await this.refresh();
    return session && { accessToken: session.accessToken, idToken: session.idToken };
  }

  /**
   * Renews the session now (one call at a time; callers share it). Resolves to the session afterwards:
   * the renewed one, the unchanged one after a failure that will be retried, or null once it ended.
   * Also the session-expired handler: the server said the token expired, so renew it or sign out.
   */
  refresh(): Promise<Session | null> {
    const current = this.session;
    if (!current) return Promise.resolve(null);
    this.inflight ??= this.renew(current).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** Takes the session another tab wrote (sign-in, renewal, sign-out there). */
  reload(): void {
    this.stopTimer();
    this.failures = 0;
    const next = this.read();
    if (!next && this.session) this.end = { reason: 'signed-out' };
    this.session = next;
    this.schedule();
    this.notify();
  }

  private async renew(current: Session): Promise<Session | null> {
    this.stopTimer();
    let grant: AuthGrant;
    try {
      grant = await this.deps.refresh(current);
    } catch (error) {
      if (this.session !== current) return this.session; // signed out or replaced meanwhile
      this.failures += 1;
      if (this.deps.isRefusal(error)) {
        this.signOut({ reason: 'refused', message: errorMessage(error) });
      } else if (this.failures >= MAX_REFRESH_ATTEMPTS) {
        this.signOut({ reason: 'renewal-failed' });
      } else {
        this.retryPending = true;
        this.schedule(REFRESH_RETRY_DELAY_MS);
      }
      return this.session;
    }
    if (this.session !== current) return this.session;
    this.failures = 0;
    // Cognito may keep the refresh token (no rotation); the server then returns the same one.
    this.save({ ...sessionFromGrant(grant, this.now()), refreshToken: grant.refreshToken || current.refreshToken });
    return this.session;
  }

  private read(): Session | null {
    const raw = this.deps.storage.getItem(SESSION_STORAGE_KEY);
    const session = parseStoredSession(raw);
    if (raw && !session) this.deps.storage.removeItem(SESSION_STORAGE_KEY);
    return session;
  }

  private save(session: Session): void {
    this.session = session;
    this.deps.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    this.schedule();
    this.notify();
  }

  /** Next renewal: after `delay`, or when the token enters the margin (at once if it already has). */
  private schedule(delay?: number): void {
    this.stopTimer();
    if (!this.session) return;
    if (delay === undefined) this.retryPending = false;
    const wait = delay ?? this.session.expiresAt - REFRESH_MARGIN_MS - this.now();
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.refresh();
      },
      Math.min(Math.max(0, wait), MAX_TIMER_MS),
    );
  }

  private stopTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
