import { Readable } from 'node:stream';
import { FILE_MAX_BYTES } from '../../../shared/contracts/files';
import { actingFor, ownedBy, type Scope } from '../../auth/scope';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { filePageKey, fileThumbnailKey } from '../../storage/keys';
import { type FileStore, type StoredFile, tooLarge } from '../../storage/store';
import { versionFor } from './access';
import { type PreviewFailure, PreviewTaskError, type TaskInput } from './preview-child';
import type { ImageResult, MadeImage, PdfResult, PreviewTask } from './preview-process';
import { PREVIEW_PROCESSES, runPreviewTask } from './preview-runner';
import { type Lane, PreviewScheduler } from './preview-scheduler';

/*
 * Previews of a file version (issue 20): a thumbnail for lists and page images for the viewer, made by the
 * `process_file_version` job after an upload and, for PDF pages beyond the first, on demand when a page is
 * first viewed. Keys are per version (`fileThumbnailKey`, `filePageKey`), so a stored preview never goes
 * stale and a repeated run overwrites the same keys. The work itself runs in preview processes under hard
 * limits (`preview-runner.ts`), in the turn `previewScheduler` gives it; they read a local store's file
 * themselves, an S3 object is streamed to them.
 */

/** Thumbnails are about this wide (a very tall image is bounded by twice that in height). */
export const THUMBNAIL_WIDTH = 480;
/** Page images (an image's preview, a rendered PDF page) have this long side at most. */
export const PAGE_LONG_SIDE = 1600;
/** Decompression-bomb guard: images with more pixels than this are not decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Images inside a PDF with more pixels than this are skipped rather than decoded. */
export const PDF_MAX_IMAGE_PIXELS = 40_000_000;
/** A PDF with more pages gets no preview (a pin's page is at most 10,000 too). */
export const PDF_MAX_PAGES = 10_000;
/** CPU time for a PDF page (opening the document included: a junk PDF stops here) or an image. */
export const PREVIEW_CPU_MS_PER_PAGE = 2_000;
/** CPU time for a "download with feedback" (pdf-lib reads and rewrites the whole file). */
export const ANNOTATE_CPU_MS = 10_000;

/** The preview processes' turns: per account, page views and preview jobs in their own lanes. */
export const previewScheduler = new PreviewScheduler({
  slots: PREVIEW_PROCESSES,
  perAccount: Math.max(1, PREVIEW_PROCESSES - 1),
  viewWaitingPerAccount: 8,
  viewWaitingMax: 32,
});

export type PreviewOutcome = 'ready' | 'unavailable' | 'failed' | 'missing';
/** What a failed preview records: the file's own limit, or `error` (it failed on our side every attempt). */
export type RecordedFailure = PreviewFailure | 'error';

interface VersionRow {
  id: string;
  provider_id: string;
  file_id: string;
  kind: 'image' | 'pdf' | 'document';
  storage_key: string;
}

/**
 * The stored bytes of a version, whole, at most the upload limit: read into one buffer of the stored size
 * (for tests and the demo's checks; previews hand the file to their process instead).
 */
export async function readVersionBytes(store: FileStore, key: string): Promise<Buffer | null> {
  const input = await openVersion(store, key);
  if (!input) return null;
  const bytes = Buffer.allocUnsafeSlow(input.size);
  let filled = 0;
  for await (const chunk of input.body) {
    if (filled + chunk.length > bytes.length) throw new Error(`stored file ${key} grew while read`);
    chunk.copy(bytes, filled);
    filled += chunk.length;
  }
  if (filled !== bytes.length) throw new Error(`stored file ${key} shrank while read`);
  return bytes;
}

/**
 * A version's stored file for a preview process: its path where the store has one on this machine (the
 * process reads it itself), else its bytes as a stream of known size; null when the store has none.
 */
async function versionInput(store: FileStore, key: string): Promise<TaskInput | null> {
  const path = store.localPath?.(key);
  if (!path) return openVersion(store, key);
  const info = await store.stat(key);
  if (!info) return null;
  if (info.size > FILE_MAX_BYTES) throw tooLarge();
  return { path };
}

/** A version's stored bytes as a stream of known size, or null when the store has none. */
async function openVersion(store: FileStore, key: string): Promise<{ size: number; body: Readable } | null> {
  const file = await store.get(key);
  if (!file) return null;
  if (file.size > FILE_MAX_BYTES) {
    file.body.destroy();
    throw tooLarge();
  }
  return { size: file.size, body: file.body };
}

function putBytes(store: FileStore, key: string, bytes: Uint8Array) {
  return store.put(key, Readable.from([bytes]));
}

/**
 * Runs `task` on the stored file `key` in a preview process, in `lane`'s turn for `account` (the file is
 * opened only when the turn comes).
 * @throws PreviewTaskError (the file missing from the store is `unreadable`)
 */
export async function previewTask(
  deps: Pick<AppDeps, 'store' | 'log'>,
  lane: Lane,
  account: string,
  key: string,
  task: PreviewTask,
  cpuMs: number,
  signal?: AbortSignal,
) {
  return previewScheduler.run(
    lane,
    account,
    async () => {
      const input = await versionInput(deps.store, key);
      if (!input) throw new PreviewTaskError('unreadable', 'the version’s bytes are not in the store');
      return runPreviewTask(task, input, { cpuMs, log: deps.log, ...(signal ? { signal } : {}) });
    },
    signal,
  );
}

/** An image made by a task: its bytes from the reply. */
const bytesOf = (blobs: Buffer[], made: MadeImage) => blobs[made.blob] as Buffer;

/**
 * The preview job's work for one version: stores the thumbnail and page 1 (an image's preview or a PDF's
 * first page) and records the page count and size; a document gets `unavailable`. A file that hits a
 * limit or does not decode is recorded `failed` with the reason at once (never retried into the same
 * wall); a failure on our side (the store, a process that could not run) throws, so the job is retried,
 * and is recorded `failed` (`error`) on the `lastAttempt`. Safe to run again (same keys, same row).
 */
export async function processFileVersion(
  deps: Pick<AppDeps, 'sql' | 'store' | 'log'>,
  ids: { providerId: string; fileId: string; versionId: string },
  opts: { lastAttempt?: boolean; signal?: AbortSignal } = {},
): Promise<PreviewOutcome> {
  const { sql, store } = deps;
  const scope = actingFor(ids.providerId);
  const [version] = await sql<VersionRow[]>`
    SELECT id, provider_id, file_id, kind, storage_key FROM file_versions
    WHERE ${ownedBy(sql, scope, 'provider_id')} AND file_id = ${ids.fileId} AND id = ${ids.versionId}`;
  if (!version) return 'missing';
  const mark = async (
    status: 'ready' | 'unavailable' | 'failed',
    p?: { pageCount: number; width: number; height: number; thumbnailKey: string },
    failure?: RecordedFailure,
  ) => {
    await sql`
      UPDATE file_versions
      SET preview_status = ${status}, page_count = ${p?.pageCount ?? null}, width = ${p?.width ?? null},
          height = ${p?.height ?? null}, thumbnail_key = ${p?.thumbnailKey ?? null},
          preview_failure = ${failure ?? null}
      WHERE ${ownedBy(sql, scope, 'provider_id')} AND id = ${version.id}`;
    return status;
  };
  if (version.kind === 'document') return mark('unavailable');
  try {
    const task: PreviewTask =
      version.kind === 'image'
        ? {
            op: 'image',
            longSide: PAGE_LONG_SIDE,
            thumbnailWidth: THUMBNAIL_WIDTH,
            maxPixels: MAX_INPUT_PIXELS,
          }
        : {
            op: 'pdf',
            pages: [1],
            longSide: PAGE_LONG_SIDE,
            thumbnailWidth: THUMBNAIL_WIDTH,
            maxPages: PDF_MAX_PAGES,
            maxImagePixels: PDF_MAX_IMAGE_PIXELS,
          };
    const { message, blobs } = await previewTask(
      deps,
      'job',
      version.provider_id,
      version.storage_key,
      task,
      PREVIEW_CPU_MS_PER_PAGE,
      opts.signal,
    );
    const made = previewOf(version.kind, message.result as ImageResult | PdfResult, blobs);
    opts.signal?.throwIfAborted();
    const thumbnailKey = fileThumbnailKey(version.provider_id, version.file_id, version.id);
    await putBytes(store, thumbnailKey, made.thumbnail);
    await putBytes(store, filePageKey(version.provider_id, version.file_id, version.id, 1), made.page);
    return await mark('ready', { ...made, thumbnailKey });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    const permanent = err instanceof PreviewTaskError && err.permanent;
    if (permanent || opts.lastAttempt) {
      const failure = permanent ? (err.reason as PreviewFailure) : 'error';
      deps.log.warn({ ...ids, failure, err: err instanceof Error ? err.message : String(err) }, 'no preview');
      return mark('failed', undefined, failure);
    }
    throw err;
  }
}

/** The job's images and sizes from a task's result. */
function previewOf(kind: 'image' | 'pdf', result: ImageResult | PdfResult, blobs: Buffer[]) {
  if (kind === 'image') {
    const image = result as ImageResult;
    return {
      page: bytesOf(blobs, image.page),
      thumbnail: bytesOf(blobs, image.thumbnail),
      width: image.width,
      height: image.height,
      pageCount: 1,
    };
  }
  const pdf = result as PdfResult;
  const first = pdf.pages[0];
  if (!first || !pdf.thumbnail) throw new PreviewTaskError('unreadable', 'page 1 did not render');
  return {
    page: bytesOf(blobs, first),
    thumbnail: bytesOf(blobs, pdf.thumbnail),
    width: Math.max(1, pdf.firstPage.width),
    height: Math.max(1, pdf.firstPage.height),
    pageCount: pdf.pageCount,
  };
}

/**
 * A preview task's failure as an answer: 503 with a retry hint while the processes are busy or could not
 * run it, else no preview (the file's own failure).
 */
export function previewTaskApiError(err: PreviewTaskError): ApiError {
  return err.permanent
    ? new ApiError('file_preview_unavailable', { cause: err })
    : new ApiError('service_unavailable', { headers: { 'Retry-After': '5' }, cause: err });
}

/** In-flight on-demand renders by key, so one page viewed by several people at once renders once. */
const rendering = new Map<string, Promise<Buffer>>();

/** A stored preview image, or bytes just made. */
export type PreviewImage = { stored: StoredFile } | { bytes: Buffer };

async function storedOr404(store: FileStore, key: string | null): Promise<PreviewImage> {
  const stored = key ? await store.get(key) : null;
  if (!stored) throw new ApiError('file_preview_unavailable');
  return { stored };
}

/**
 * A version's thumbnail for the caller.
 * @throws ApiError not_found (not the caller's), file_preview_unavailable (none yet, or none possible)
 */
export async function thumbnailFor(deps: AppDeps, scope: Scope, fileId: string, versionId: string) {
  const { version } = await versionFor(deps.sql, scope, fileId, versionId);
  return storedOr404(deps.store, version.preview_status === 'ready' ? version.thumbnail_key : null);
}

/**
 * Page `page` of a version as an image: an image's preview (page 1 only), or a PDF page: stored, or
 * rendered now (in a preview process, in the account's turn of the `view` lane) and stored for the next
 * viewer.
 * @throws ApiError not_found (not the caller's, or no such page), file_preview_unavailable
 */
export async function pageFor(
  deps: AppDeps,
  scope: Scope,
  fileId: string,
  versionId: string,
  page: number,
): Promise<PreviewImage> {
  const { file, version } = await versionFor(deps.sql, scope, fileId, versionId);
  // The last query: a render may wait its turn for long, with no connection held meanwhile.
  deps.endScope?.();
  const providerId = file.provider_id;
  if (version.kind === 'document' || version.preview_status === 'failed')
    throw new ApiError('file_preview_unavailable');
  if (version.kind === 'image') {
    if (page !== 1) throw new ApiError('not_found');
    return storedOr404(deps.store, filePageKey(providerId, fileId, version.id, 1));
  }
  if (version.page_count !== null && page > version.page_count) throw new ApiError('not_found');
  const key = filePageKey(providerId, fileId, version.id, page);
  const stored = await deps.store.get(key);
  if (stored) return { stored };
  let pending = rendering.get(key);
  if (!pending) {
    pending = renderPage(deps, providerId, version.storage_key, key, page).finally(() =>
      rendering.delete(key),
    );
    rendering.set(key, pending);
  }
  return { bytes: await pending };
}

async function renderPage(
  deps: AppDeps,
  providerId: string,
  sourceKey: string,
  key: string,
  page: number,
): Promise<Buffer> {
  let result: Awaited<ReturnType<typeof previewTask>>;
  try {
    result = await previewTask(
      deps,
      'view',
      providerId,
      sourceKey,
      {
        op: 'pdf',
        pages: [page],
        longSide: PAGE_LONG_SIDE,
        maxPages: PDF_MAX_PAGES,
        maxImagePixels: PDF_MAX_IMAGE_PIXELS,
      },
      PREVIEW_CPU_MS_PER_PAGE,
    );
  } catch (err) {
    throw err instanceof PreviewTaskError ? previewTaskApiError(err) : err;
  }
  const rendered = (result.message.result as PdfResult).pages[0];
  if (!rendered) throw new ApiError('not_found');
  const webp = bytesOf(result.blobs, rendered);
  await putBytes(deps.store, key, webp);
  return webp;
}
