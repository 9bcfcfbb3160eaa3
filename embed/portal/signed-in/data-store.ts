import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../../shared/api/error';
import { retryDelay, shouldRetry } from '../../../shared/api/retry';
import { clearSession, readSession, subscribeSession } from '../session/session-store';

/**
 * The signed-in portal's data cache, with spec §9's rules: data fresh for 5 minutes, no refetch on focus,
 * the kit's retry rule (`shared/api/retry.ts`: none on 4xx, up to 3 otherwise, backing off), no retry of
 * writes; a 401 means the server ended the session (expired, signed out elsewhere, revoked): the stored
 * session is cleared and the guard sends the client to the login.
 *
 * Why not TanStack Query, as the dashboard uses: the portal reads three resources and writes two forms,
 * and the library was 12 KB (brotli) on the signed-in dashboard's critical path, the largest part of what
 * kept its LCP over issue 5's budget (1.3× a trivial React page). This is the part of it the portal uses.
 */

export type Key = readonly string[];

export interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
  /** No data yet (loading, or failed before any data came). */
  isPending: boolean;
  isSuccess: boolean;
  isFetching: boolean;
}

interface Entry {
  state: QueryState<unknown>;
  /** When the data came (0: never, or invalidated). */
  updatedAt: number;
  fetcher: (() => Promise<unknown>) | null;
  inFlight: Promise<void> | null;
  listeners: Set<() => void>;
}

export const STALE_MS = 5 * 60_000;

const INITIAL: QueryState<unknown> = {
  data: undefined,
  error: null,
  isPending: true,
  isSuccess: false,
  isFetching: false,
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const idOf = (key: Key) => JSON.stringify(key);

export class DataStore {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by `clear`: a response that arrives for an older generation is dropped. */
  private generation = 0;

  constructor(
    private readonly onError: (error: Error) => void = () => {},
    private readonly wait: (ms: number) => Promise<void> = sleep,
    private readonly now: () => number = Date.now,
  ) {}

  private entry(key: Key): Entry {
    const id = idOf(key);
    let entry = this.entries.get(id);
    if (!entry) {
      entry = { state: INITIAL, updatedAt: 0, fetcher: null, inFlight: null, listeners: new Set() };
      this.entries.set(id, entry);
    }
    return entry;
  }

  private update(entry: Entry, patch: Partial<QueryState<unknown>>) {
    entry.state = { ...entry.state, ...patch };
    for (const listener of entry.listeners) listener();
  }

  state<T>(key: Key): QueryState<T> {
    return this.entry(key).state as QueryState<T>;
  }

  subscribe(key: Key, listener: () => void): () => void {
    const entry = this.entry(key);
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  /** Puts data in the cache (as a fresh response would), or updates what is there. */
  setData<T>(key: Key, data: T | ((old: T | undefined) => T | undefined)): void {
    const entry = this.entry(key);
    const next =
      typeof data === 'function'
        ? (data as (old: T | undefined) => T | undefined)(entry.state.data as T | undefined)
        : data;
    if (next === undefined) return;
    entry.updatedAt = this.now();
    this.update(entry, { data: next, error: null, isPending: false, isSuccess: true });
  }

  /** Loads the data unless it is in the cache and fresh (or already on its way). */
  ensure<T>(key: Key, fetcher: () => Promise<T>, staleMs = STALE_MS): Promise<void> {
    const entry = this.entry(key);
    entry.fetcher = fetcher;
    const fresh = entry.state.isSuccess && this.now() - entry.updatedAt < staleMs;
    if (fresh) return Promise.resolve();
    return entry.inFlight ?? this.fetch(key);
  }

  /** Loads the data now (a retry after a failure, an invalidation), retrying as `shouldRetry` says. */
  fetch(key: Key): Promise<void> {
    const entry = this.entry(key);
    const fetcher = entry.fetcher;
    if (!fetcher) return Promise.resolve();
    if (entry.inFlight) return entry.inFlight;
    const generation = this.generation;
    const current = () => generation === this.generation && this.entries.get(idOf(key)) === entry;
    this.update(entry, { isFetching: true });
    const run = async () => {
      for (let failures = 0; ; ) {
        try {
          const data = await fetcher();
          if (!current()) return;
          entry.updatedAt = this.now();
          this.update(entry, { data, error: null, isPending: false, isSuccess: true, isFetching: false });
          return;
        } catch (caught) {
          if (!current()) return;
          const error = caught instanceof Error ? caught : new Error(String(caught));
          if (shouldRetry(failures, error)) {
            await this.wait(retryDelay(failures));
            failures += 1;
            if (!current()) return;
            continue;
          }
          // A failed refresh keeps the data it had (shown with the error only where there is none).
          this.update(entry, { error, isFetching: false });
          this.onError(error);
          return;
        }
      }
    };
    entry.inFlight = run().finally(() => {
      entry.inFlight = null;
    });
    return entry.inFlight;
  }

  /** Marks every entry under `prefix` stale; the ones on screen load again now. */
  invalidate(prefix: Key): void {
    for (const [id, entry] of this.entries) {
      const key = JSON.parse(id) as string[];
      if (!prefix.every((part, i) => key[i] === part)) continue;
      entry.updatedAt = 0;
      if (entry.listeners.size > 0) void this.fetch(key);
    }
  }

  /**
   * Forgets everything (another client's data must never show). With `reload` (another client is signed
   * in now), what is on screen loads again for them.
   */
  clear(reload = false): void {
    this.generation += 1;
    const old = [...this.entries.entries()];
    this.entries.clear();
    for (const [id, entry] of old) {
      if (entry.listeners.size === 0) continue;
      const fresh = this.entry(JSON.parse(id) as string[]);
      for (const listener of entry.listeners) fresh.listeners.add(listener);
      fresh.fetcher = entry.fetcher;
      for (const listener of fresh.listeners) listener();
      if (reload) void this.fetch(JSON.parse(id) as string[]);
    }
  }
}

/** The portal's one cache. */
export const store = new DataStore((error) => {
  if (error instanceof ApiError && error.status === 401) clearSession('ended');
});

/**
 * The cache holds one client's data: when the session changes hands (signed out, or another client signed
 * in, e.g. by the widget's handoff or in another tab), it is emptied before anything renders with it.
 */
let cachedFor = readSession()?.client.id;
subscribeSession(() => {
  const now = readSession()?.client.id;
  if (now === cachedFor) return;
  const before = cachedFor;
  cachedFor = now;
  // Signed out → signed in needs nothing: the cache was emptied at the sign-out and holds only what was
  // loaded for this client (the frame seeds the first page's data just before it stores a handoff session).
  if (before !== undefined) store.clear(now !== undefined);
});

/**
 * True once the page has painted and the browser is idle: checks nobody waits for (the server's view of
 * the session) start then, so they never compete with the first screen for the network or the CPU.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return idle;
}

/**
 * A resource for a component: its state from the cache, loaded when missing or stale (and `enabled`:
 * until then the component gets what the cache has, without asking).
 */
export function useData<T>(
  key: Key,
  fetcher: () => Promise<T>,
  { staleMs = STALE_MS, enabled = true }: { staleMs?: number; enabled?: boolean } = {},
): QueryState<T> & { refetch: () => Promise<void> } {
  const id = idOf(key);
  const latest = useRef(fetcher);
  latest.current = fetcher;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `id` stands for `key`
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [id]);
  const state = useSyncExternalStore(subscribe, () => store.state<T>(key));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `id` stands for `key`; the fetcher is read through the ref
  useEffect(() => {
    if (enabled) void store.ensure(key, () => latest.current(), staleMs);
  }, [id, staleMs, enabled]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `id` stands for `key`
  const refetch = useCallback(() => store.fetch(key), [id]);
  return { ...state, refetch };
}

/** A write (a form's submit): `mutate` runs it once (never retried), `isPending` while it runs. */
export function useAction<V, R>(
  run: (variables: V) => Promise<R>,
  handlers: {
    onSuccess?: (result: R, variables: V) => void;
    onError?: (error: Error, variables: V) => void;
  } = {},
): { mutate: (variables: V) => void; isPending: boolean } {
  const [isPending, setPending] = useState(false);
  const latest = useRef({ run, handlers });
  latest.current = { run, handlers };
  const mutate = useCallback((variables: V) => {
    setPending(true);
    latest.current
      .run(variables)
      .then(
        (result) => latest.current.handlers.onSuccess?.(result, variables),
        (caught: unknown) =>
          latest.current.handlers.onError?.(
            caught instanceof Error ? caught : new Error(String(caught)),
            variables,
          ),
      )
      .finally(() => setPending(false));
  }, []);
  return { mutate, isPending };
}
