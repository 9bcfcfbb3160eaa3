import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { readResponse } from '../../shared/api/call';
import { retryDelay, shouldRetry } from '../../shared/api/retry';
import type { SessionResponse, User } from '../../shared/contracts/auth';
import { isSessionValid, SESSION_TICK_MS } from './session';

const SIGNED_OUT: SessionResponse = { user: null, session: null };

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: User; session: NonNullable<SessionResponse['session']> };

type AuthContextValue = AuthState & {
  /** Stores a session the server just issued (sign-in, e-mail verification). */
  setSession: (response: SessionResponse) => void;
  /** Forgets the session locally (after sign-out or a failed refresh). */
  clearSession: () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** Slides the session; the typed client loads only when a refresh is due (never on the public pages). */
async function refresh(): Promise<SessionResponse> {
  try {
    const { authApi } = await import('./auth-api');
    const refreshed = await authApi.refresh();
    return refreshed.session && refreshed.user ? refreshed : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

/**
 * Reads the session, retrying as every read does (`shared/api/retry.ts`), and refreshes it when it is within
 * the 5-minute margin (spec §4).
 */
export async function loadSession(attempt = 0): Promise<SessionResponse> {
  let current: SessionResponse | null;
  try {
    // A plain fetch: the landing page's only API call must not load the typed client (first-load budget).
    current = await readResponse<SessionResponse | null>(
      fetch('/api/auth/session', { credentials: 'same-origin' }),
    );
  } catch (error) {
    if (!shouldRetry(attempt, error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
    return loadSession(attempt + 1);
  }
  if (!current?.session || !current.user) return SIGNED_OUT;
  return isSessionValid(current.session) ? current : refresh();
}

/** Staff auth state (spec §4): loading, then signed in or out; checks the session every 30 s. */
export function AuthProvider({ children }: { children: ReactNode }) {
  // undefined: still loading.
  const [data, setData] = useState<SessionResponse | undefined>(undefined);

  useEffect(() => {
    let live = true;
    loadSession()
      // A session request that fails outright (API down) counts as signed out rather than spinning forever.
      .catch(() => SIGNED_OUT)
      .then((response) => {
        if (live) setData((current) => current ?? response);
      });
    return () => {
      live = false;
    };
  }, []);

  const setSession = useCallback((response: SessionResponse) => setData(response), []);
  const clearSession = useCallback(() => setData(SIGNED_OUT), []);

  // The refresh tick: near expiry, slide the session; if that fails, the user is signed out.
  const expiresAt = data?.session?.expiresAt;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const tick = () => {
      if (!isSessionValid({ expiresAt })) void refresh().then(setSession);
    };
    const timer = window.setInterval(tick, SESSION_TICK_MS);
    return () => window.clearInterval(timer);
  }, [expiresAt, setSession]);

  const value = useMemo<AuthContextValue>(() => {
    const base = { setSession, clearSession };
    if (data?.user && data.session)
      return { ...base, status: 'signedIn', user: data.user, session: data.session };
    if (data === undefined) return { ...base, status: 'loading', user: null };
    return { ...base, status: 'signedOut', user: null };
  }, [data, setSession, clearSession]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The current staff auth state and its setters. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
