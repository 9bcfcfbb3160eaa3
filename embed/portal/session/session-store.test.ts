import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSession } from './session-store';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const session = {
  client: {
    id: 'c1',
    name: 'Grace',
    email: 'grace@example.com',
    portalId: 'p1',
    language: 'en',
    hasPassword: false,
  },
  token: 'abc.def',
  expiresAt: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-21T10:00:00.000Z',
};

describe('the stored portal_client_session (spec §3, §5)', () => {
  it('is valid while now is before expiresAt and a client is present', () => {
    expect(parseSession(JSON.stringify(session), NOW)).toEqual(session);
    expect(parseSession(JSON.stringify(session), Date.parse(session.expiresAt))).toBeNull();
  });

  it('is null when malformed', () => {
    for (const raw of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...session, client: null }),
      JSON.stringify({ ...session, token: '' }),
      JSON.stringify({ ...session, expiresAt: 'soon' }),
      JSON.stringify({ ...session, client: { ...session.client, language: 'fr' } }),
      JSON.stringify({ ...session, client: { ...session.client, portalId: 7 } }),
    ]) {
      expect(parseSession(raw, NOW), raw).toBeNull();
    }
    expect(parseSession(null, NOW)).toBeNull();
  });
});

describe('where the session lives', () => {
  /** A fresh copy of the store, with `localStorage` as given (a third-party frame may have none). */
  async function storeWith(storage: Partial<Storage> | 'blocked') {
    vi.resetModules();
    if (storage === 'blocked') {
      Object.defineProperty(globalThis, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    } else {
      vi.stubGlobal('localStorage', storage);
    }
    return import('./session-store');
  }
  const live = { ...session, expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
  afterEach(() => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      writable: true,
      value: undefined,
    });
    vi.unstubAllGlobals();
  });

  it('keeps it in localStorage where the browser allows it', async () => {
    const items = new Map<string, string>();
    const store = await storeWith({
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
      removeItem: (k) => void items.delete(k),
    });
    expect(store.sessionPersists()).toBe(true);
    store.writeSession(live as never);
    expect(JSON.parse(items.get(store.SESSION_KEY) ?? 'null')).toEqual(live);
    expect(store.readSession()).toEqual(live);
  });

  it('keeps it in memory for the visit where storage is blocked (a third-party frame), and says so', async () => {
    const store = await storeWith('blocked');
    expect(store.sessionPersists()).toBe(false);
    const changes: (string | undefined)[] = [];
    store.subscribeSession(() => changes.push(store.readSession()?.client.id));
    store.writeSession(live as never);
    expect(store.readSession()).toEqual(live);
    store.clearSession();
    expect(store.readSession()).toBeNull();
    expect(changes).toEqual(['c1', undefined]);
  });

  it('falls back to memory when a write does not stick (quota, a storage that ignores writes)', async () => {
    const store = await storeWith({ getItem: () => null, setItem: () => {}, removeItem: () => {} });
    store.writeSession(live as never);
    expect(store.readSession()).toEqual(live);
    expect(store.sessionPersists()).toBe(false);
  });

  it('tells a session the server or the clock ended from one the client cleared', async () => {
    const store = await storeWith('blocked');
    store.writeSession(live as never);
    store.clearSession('ended');
    expect(store.lastSessionEnd()).toBe('ended');
    store.writeSession(live as never);
    store.clearSession();
    expect(store.lastSessionEnd()).toBe('cleared');
  });

  it('counts an end the server reports while the client signs out as the client’s own', async () => {
    const store = await storeWith('blocked');
    store.writeSession(live as never);
    store.signingOutHere(true);
    // The live socket closes (4401) before the sign-out's answer arrives.
    store.clearSession('ended');
    expect(store.lastSessionEnd()).toBe('cleared');
    store.signingOutHere(false);
    store.writeSession(live as never);
    store.clearSession('ended');
    expect(store.lastSessionEnd()).toBe('ended');
  });
});
