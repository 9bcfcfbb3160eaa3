import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/error';
import { DataStore, STALE_MS } from './data-store';

const KEY = ['portal', 'p1', 'dashboard'] as const;

function setup() {
  let now = 1_000_000;
  const waits: number[] = [];
  const errors: Error[] = [];
  const store = new DataStore(
    (error) => errors.push(error),
    async (ms) => {
      waits.push(ms);
    },
    () => now,
  );
  return { store, waits, errors, advance: (ms: number) => (now += ms) };
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the portal’s data store', () => {
  it('loads once, tells subscribers, and keeps fresh data for five minutes', async () => {
    const { store, advance } = setup();
    const fetcher = vi.fn(async () => ({ n: 1 }));
    const listener = vi.fn();
    store.subscribe(KEY, listener);
    expect(store.state(KEY)).toMatchObject({ isPending: true, data: undefined });
    await Promise.all([store.ensure(KEY, fetcher), store.ensure(KEY, fetcher)]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(store.state(KEY)).toMatchObject({
      isPending: false,
      isSuccess: true,
      data: { n: 1 },
      error: null,
    });
    expect(listener).toHaveBeenCalled();
    advance(STALE_MS - 1);
    await store.ensure(KEY, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    advance(2);
    await store.ensure(KEY, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('renders prefetched data without asking again', async () => {
    const { store } = setup();
    store.setData(KEY, { n: 7 });
    const fetcher = vi.fn(async () => ({ n: 8 }));
    await store.ensure(KEY, fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    expect(store.state(KEY).data).toEqual({ n: 7 });
    store.setData(KEY, (old: { n: number } | undefined) => (old ? { n: old.n + 1 } : old));
    expect(store.state(KEY).data).toEqual({ n: 8 });
  });

  it('retries a network or server failure three times, backing off, then shows the error', async () => {
    const { store, waits, errors } = setup();
    const failure = new ApiError(503, 'unavailable', 'Service unavailable');
    const fetcher = vi.fn(async () => {
      throw failure;
    });
    await store.ensure(KEY, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(store.state(KEY)).toMatchObject({ isPending: true, isFetching: false, error: failure });
    expect(errors).toEqual([failure]);
  });

  it('does not retry a 4xx, and reports a 401 (the session ended) once', async () => {
    const { store, waits, errors } = setup();
    const ended = new ApiError(401, 'unauthorized', 'Session not found');
    const fetcher = vi.fn(async () => {
      throw ended;
    });
    await store.ensure(KEY, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
    expect(errors).toEqual([ended]);
  });

  it('keeps the data it had when a refresh fails', async () => {
    const { store } = setup();
    store.setData(KEY, { n: 1 });
    await store.ensure(KEY, async () => ({ n: 1 }));
    const failure = new ApiError(400, 'bad', 'Bad');
    store.subscribe(KEY, () => {});
    await store.ensure(
      KEY,
      async () => {
        throw failure;
      },
      0,
    );
    expect(store.state(KEY)).toMatchObject({ data: { n: 1 }, error: failure, isSuccess: true });
  });

  it('invalidating loads again what is on screen, and only marks the rest stale', async () => {
    const { store } = setup();
    const invoices = ['portal', 'p1', 'invoices'] as const;
    const onScreen = vi.fn(async () => 'dashboard');
    const offScreen = vi.fn(async () => 'invoices');
    const unsubscribe = store.subscribe(KEY, () => {});
    await store.ensure(KEY, onScreen);
    await store.ensure(invoices, offScreen);
    store.invalidate(['portal', 'p1']);
    await Promise.resolve();
    expect(onScreen).toHaveBeenCalledTimes(2);
    expect(offScreen).toHaveBeenCalledTimes(1);
    await store.ensure(invoices, offScreen);
    expect(offScreen).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('clearing drops everything, even a response still on its way for the previous client', async () => {
    const { store } = setup();
    const late = deferred<string>();
    const listener = vi.fn();
    store.subscribe(KEY, listener);
    const loading = store.ensure(KEY, () => late.promise);
    store.clear();
    late.resolve('dashboard');
    await loading;
    expect(store.state(KEY)).toMatchObject({ data: undefined, isPending: true });
    // Subscribers stay subscribed; with `reload` (another client signed in) they get the new data.
    store.clear(true);
    await vi.waitFor(() => expect(store.state(KEY).data).toBe('dashboard'));
  });
});
