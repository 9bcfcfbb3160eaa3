import { ALLOWED_FILE_TYPES, FILE_MAX_BYTES, FILES_PER_BATCH_MAX } from '../contracts/files';

/*
 * Uploads with a real progress bar: one multipart request per file (field `file`) over XMLHttpRequest,
 * whose `upload.onprogress` is the only browser API that reports bytes sent (fetch has none). No React
 * here: `upload-queue.ts` runs the queue, `file-uploader.tsx` shows it. The caller builds each request
 * (URL and headers), so the portal adds its bearer token and the dashboard sends its session cookie.
 */

/** Where and how one file is sent. */
export type UploadRequest = {
  url: string;
  headers?: Record<string, string>;
  /** Send cookies (the dashboard's session); the portal sends none (`credentials: 'omit'`). */
  withCredentials?: boolean;
};

/** What came back: the HTTP status (0: the server was not reached) and the parsed JSON body, if any. */
export type UploadResponse = { status: number; body: unknown };

/** Sends one file and reports bytes sent; resolves with the answer, rejects only when aborted. */
export type UploadTransport = (
  request: UploadRequest,
  file: Blob & { name?: string },
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
) => Promise<UploadResponse>;

/** Why a file was refused: a kit text (`upload.errors.<key>`) or the server's own translated message. */
export type UploadError =
  | { key: string; message?: undefined }
  | { key?: undefined; message: string; code: string };

/** The extensions a picker offers (the contract's, plus the usual long spellings). */
const ALLOWED_EXTENSIONS = new Set([...Object.values(ALLOWED_FILE_TYPES).map((t) => t.ext), 'jpeg', 'tiff']);
const ALLOWED_MIME = new Set<string>(Object.keys(ALLOWED_FILE_TYPES));

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * The checks the browser can make before sending (to save a 10 MB upload that would be refused): empty,
 * over 10 MB (spec §5), or obviously not an allowed type (a known extension or browser type outside the
 * list, such as `.svg`, `.html`, `.exe`). The server decides by the bytes; a file without an extension or
 * browser type is left to it.
 * @example precheckFile({ name: 'logo.svg', size: 300, type: 'image/svg+xml' }) // { key: 'type' }
 */
export function precheckFile(file: { name: string; size: number; type: string }): UploadError | null {
  if (file.size === 0) return { key: 'empty' };
  if (file.size > FILE_MAX_BYTES) return { key: 'tooLarge' };
  const ext = extensionOf(file.name);
  const typeAllowed = ALLOWED_MIME.has(file.type.toLowerCase());
  if (ext && !ALLOWED_EXTENSIONS.has(ext) && !typeAllowed) return { key: 'type' };
  if (!ext && file.type && !typeAllowed) return { key: 'type' };
  return null;
}

/** The error codes whose kit text says more than the server's generic message. */
const CODE_KEYS: Record<string, string> = {
  payload_too_large: 'tooLarge',
  file_too_large: 'tooLarge',
};

/**
 * The outcome of an answer: the created object, or the error to show. The server's message is the truth
 * (it is already in the request's language); a 413 cut short by the server, or no answer at all, gets the
 * kit's text.
 */
export function uploadOutcome<T>(
  response: UploadResponse,
): { ok: true; data: T } | { ok: false; error: UploadError } {
  const { status, body } = response;
  if (status >= 200 && status < 300) return { ok: true, data: body as T };
  if (status === 0) return { ok: false, error: { key: 'network' } };
  const error =
    body && typeof body === 'object' && 'error' in body
      ? ((body as { error?: { code?: unknown; message?: unknown } }).error ?? {})
      : {};
  const code = typeof error.code === 'string' ? error.code : '';
  const key = CODE_KEYS[code] ?? (status === 413 ? 'tooLarge' : undefined);
  if (key) return { ok: false, error: { key } };
  if (typeof error.message === 'string' && error.message)
    return { ok: false, error: { message: error.message, code } };
  return { ok: false, error: { key: 'failed' } };
}

/** Splits a picked or dropped batch: at most `FILES_PER_BATCH_MAX` go, the rest are counted. */
export function takeBatch<T>(files: readonly T[]): { taken: T[]; skipped: number } {
  return {
    taken: files.slice(0, FILES_PER_BATCH_MAX),
    skipped: Math.max(0, files.length - FILES_PER_BATCH_MAX),
  };
}

/** The browser's transport: XMLHttpRequest with upload progress; the answer's JSON parsed when it is JSON. */
export const xhrTransport: UploadTransport = (request, file, onProgress, signal) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.withCredentials = request.withCredentials ?? false;
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
    if (lang && !request.headers?.['Accept-Language']) xhr.setRequestHeader('Accept-Language', lang);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    // A refused upload may be cut off by the server (413 closes the connection): no status to read.
    xhr.onerror = () => resolve({ status: xhr.status || 0, body: undefined });
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name ?? 'file');
    xhr.send(form);
  });
