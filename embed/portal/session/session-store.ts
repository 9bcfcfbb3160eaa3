import { useMemo, useSyncExternalStore } from 'react';
import type { PortalSession } from '../../../shared/contracts/portal-client';
import { safeStore } from '../../../shared/i18n/safe-store';

import { SESSION_KEY } from './session-key';

export { SESSION_KEY };

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** Checks the stored shape by hand (no zod on the sign-in page's first load). */
function isSession(value: unknown): value is PortalSession {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  const c = s.client as Record<string, unknown> | null | undefined;
  return (
    isText(s.token) &&
    isText(s.expiresAt) &&
    isText(s.createdAt) &&
    !Number.isNaN(Date.parse(s.expiresAt)) &&
    !!c &&
    typeof c === 'object' &&
    isText(c.id) &&
    isText(c.portalId) &&
    typeof c.name === 'string' &&
    typeof c.email === 'string' &&
    (c.language === 'en' || c.language === 'de') &&
    typeof c.hasPassword === 'boolean'
  );
}

/**
 * A stored value as a usable session, or null. Spec §5: valid only while now is before `expiresAt` and a
 * client is present. Pure; `readSession` also removes what is unusable.
 */
export function parseSession(raw: string | null, now: number = Date.now()): PortalSession | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  return isSession(parsed) && Date.parse(parsed.expiresAt) > now ? parsed : null;
}

/*
 * Where the session lives: `localStorage` (through `safeStore`), or, where the browser refuses storage (a
 * third-party iframe with storage blocked, some private modes), this page's memory: the client stays
 * signed in for the visit and signs in again next time. Never a cookie.
 */
let inMemory = false;
let memoryValue: string | null = null;

const rawSession = () => (inMemory ? memoryValue : safeStore.get(SESSION_KEY));

/**
 * Whether a session written now would survive a reload (`localStorage` works here). Probed once; inside
 * the widget, the portal offers the standalone portal in a new tab when it would not.
 */
let persists: boolean | undefined;
export function sessionPersists(): boolean {
  if (persists === undefined) {
    const probe = 'portal_storage_probe';
    safeStore.set(probe, '1');
    persists = safeStore.get(probe) === '1';
    safeStore.remove(probe);
  }
  return persists && !inMemory;
}

/** Why the last session ended: `ended` when the server or the clock ended it (not the client's sign-out). */
let endedBy: 'ended' | 'cleared' = 'cleared';
let signingOut = false;
/** The client is signing out here (`signed-in/sign-out.ts`), from its server call to the session cleared. */
export function markSigningOut(on: boolean): void {
  signingOut = on;
}
export const lastSessionEnd = () => endedBy;

/** The stored session if it is usable; malformed or expired data is removed (spec §4). */
export function readSession(now: number = Date.now()): PortalSession | null {
  const raw = rawSession();
  const session = parseSession(raw, now);
  if (raw !== null && !session) clearSession('ended');
  return session;
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}

/** Stores a new session (sign-in) or an updated client (profile changes). */
export function writeSession(session: PortalSession): void {
  const value = JSON.stringify(session);
  if (!inMemory) {
    safeStore.set(SESSION_KEY, value);
    // Storage refused the write: keep the session for this visit only.
    if (safeStore.get(SESSION_KEY) !== value) inMemory = true;
  }
  if (inMemory) memoryValue = value;
  notify();
}

/**
 * Forgets the session (sign-out, expiry, a revoked token, a portal mismatch). `ended`: the server or the
 * clock ended it, rather than the client or another tab.
 */
export function clearSession(reason: 'ended' | 'cleared' = 'cleared'): void {
  const had = rawSession() !== null;
  memoryValue = null;
  safeStore.remove(SESSION_KEY);
  // While the client signs out here, the server ending the session (its socket closed, a request's 401)
  // is that sign-out, not a reason to sign in again (`frame-reports.ts` renews only an `ended` session).
  endedBy = signingOut ? 'cleared' : reason;
  if (had) notify();
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) notify();
  });
}

/** Calls `listener` after every change of the session (here, or in another tab or frame). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const subscribe = subscribeSession;

/** The raw stored value, as the snapshot (stable between changes, unlike a parsed object). */
const snapshot = rawSession;

/**
 * The current session, re-rendering when it changes (here or in another tab). Render-pure: an unusable
 * stored value reads as null here, and the guard removes it.
 */
export function useSession(): PortalSession | null {
  const raw = useSyncExternalStore(subscribe, snapshot, () => null);
  return useMemo(() => parseSession(raw), [raw]);
}
