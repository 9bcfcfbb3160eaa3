import {
  precheckFile,
  takeBatch,
  type UploadError,
  type UploadRequest,
  type UploadTransport,
  uploadOutcome,
  xhrTransport,
} from './upload';

/**
 * One file of the queue. `waiting` for a free slot; `uploading` while bytes go out (`loaded` of `total`);
 * `processing` once all bytes are sent and the server checks and stores them; then `done` or `failed`
 * (with the error to show; `retryable` after a network or server fault, not after a refusal).
 */
export type UploadItem = {
  id: string;
  name: string;
  size: number;
  state: 'waiting' | 'uploading' | 'processing' | 'done' | 'failed';
  loaded: number;
  total: number;
  error?: UploadError;
  retryable: boolean;
};

/** The share of an item sent, 0 to 100 (whole numbers; 100 once the server has it). */
export function uploadPercent(item: Pick<UploadItem, 'state' | 'loaded' | 'total'>): number {
  if (item.state === 'done' || item.state === 'processing') return 100;
  if (item.total <= 0) return 0;
  return Math.min(100, Math.floor((item.loaded / item.total) * 100));
}

export type UploadQueueOptions<T> = {
  /** How a file is sent (default: XMLHttpRequest with upload progress). */
  transport?: UploadTransport;
  /** Files sent at the same time (the others wait). */
  concurrency?: number;
  /** Called with the server's answer for each file that arrived (e.g. to refresh a list). */
  onUploaded?: (data: T, item: UploadItem) => void;
};

export type UploadQueue = ReturnType<typeof createUploadQueue>;

let counter = 0;

/**
 * The upload queue of one picker: files are checked (`precheckFile`), then sent a few at a time, each its
 * own request built by `request(file)` (the caller's URL and headers). A store for
 * `useSyncExternalStore`: `subscribe` + `getSnapshot` (a new array on every change).
 * @example const queue = createUploadQueue({ onUploaded: () => refetch() });
 *          queue.add(files, () => ({ url: '/api/projects/p1/files', withCredentials: true }));
 */
export function createUploadQueue<T = unknown>(options: UploadQueueOptions<T> = {}) {
  const transport = options.transport ?? xhrTransport;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  let items: UploadItem[] = [];
  const files = new Map<string, { file: File; request: (file: File) => UploadRequest }>();
  const running = new Map<string, AbortController>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const patch = (id: string, changes: Partial<UploadItem>) => {
    items = items.map((item) => (item.id === id ? { ...item, ...changes } : item));
    emit();
  };

  function pump() {
    for (const item of items) {
      if (running.size >= concurrency) return;
      if (item.state !== 'waiting' || running.has(item.id)) continue;
      start(item);
    }
  }

  function start(item: UploadItem) {
    const entry = files.get(item.id);
    if (!entry) return;
    const controller = new AbortController();
    running.set(item.id, controller);
    patch(item.id, { state: 'uploading', loaded: 0 });
    transport(
      entry.request(entry.file),
      entry.file,
      (loaded, total) =>
        patch(item.id, { loaded, total, state: loaded >= total ? 'processing' : 'uploading' }),
      controller.signal,
    )
      .then(
        (response) => {
          const outcome = uploadOutcome<T>(response);
          if (outcome.ok) {
            files.delete(item.id);
            patch(item.id, { state: 'done', loaded: item.size, total: item.size });
            const done = items.find((candidate) => candidate.id === item.id);
            if (done) options.onUploaded?.(outcome.data, done);
          } else {
            const retryable = response.status === 0 || response.status >= 500 || response.status === 429;
            if (!retryable) files.delete(item.id);
            patch(item.id, { state: 'failed', error: outcome.error, retryable });
          }
        },
        // Aborted: `cancel` has already taken the item away.
        () => undefined,
      )
      .finally(() => {
        running.delete(item.id);
        pump();
      });
  }

  return {
    /**
     * Adds picked or dropped files for `request`; files the browser can tell are wrong fail at once.
     * Returns how many were left out (more than `FILES_PER_BATCH_MAX` at once).
     */
    add(picked: readonly File[], request: (file: File) => UploadRequest): { skipped: number } {
      const { taken, skipped } = takeBatch(picked);
      const added = taken.map((file): UploadItem => {
        const id = `upload-${++counter}`;
        const problem = precheckFile(file);
        if (!problem) files.set(id, { file, request });
        return {
          id,
          name: file.name,
          size: file.size,
          state: problem ? 'failed' : 'waiting',
          loaded: 0,
          total: file.size,
          retryable: false,
          ...(problem ? { error: problem } : {}),
        };
      });
      items = [...items, ...added];
      emit();
      pump();
      return { skipped };
    },
    /** Stops a file being sent (or waiting) and takes it off the list. */
    cancel(id: string) {
      running.get(id)?.abort();
      files.delete(id);
      items = items.filter((item) => item.id !== id);
      emit();
      pump();
    },
    /** Sends a failed file again (after a network or server fault). */
    retry(id: string) {
      const item = items.find((candidate) => candidate.id === id);
      if (item?.state !== 'failed' || !files.has(id)) return;
      const { error: _error, ...rest } = item;
      items = items.map((candidate) =>
        candidate.id === id ? { ...rest, state: 'waiting', loaded: 0, retryable: false } : candidate,
      );
      emit();
      pump();
    },
    /** Takes the finished (done or failed) files off the list. */
    clearFinished() {
      for (const item of items) if (item.state === 'done' || item.state === 'failed') files.delete(item.id);
      items = items.filter((item) => item.state !== 'done' && item.state !== 'failed');
      emit();
    },
    /** Whether files are still waiting or being sent. */
    busy: () =>
      items.some(
        (item) => item.state === 'waiting' || item.state === 'uploading' || item.state === 'processing',
      ),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: (): readonly UploadItem[] => items,
  };
}
